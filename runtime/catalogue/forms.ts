/**
 * The model as a relation nests it. Mostly the target itself; where the relation gives some of the
 * target's fields a form of their own (`forms`, from the catalogue's `nested: [..., {device: [...]}]`), a
 * copy whose fields carry those forms, so every renderer, OPTIONS and the OpenAPI document see the
 * same thing. NetBox's legacy nested serializers are why: a nested interface shows its device in the
 * short form and read-only, its cable as the id, a nested address its family as a bare integer.
 */
import type { FieldDef, ModelDef, NestedForm } from './ir.ts';

const copies = new WeakMap<FieldDef, ModelDef>();

function formed(g: FieldDef, form: NestedForm): FieldDef {
  if (form === 'plain') return { ...g, plain: true };
  const { forms: _own, ...rest } = g;
  return { ...rest, nested: form.nested, ...(form.forms ? { forms: form.forms } : {}), readOnly: true };
}

/** `target` as field `f` nests it (the same object when `f` gives no field a form of its own). */
export function formModel(target: ModelDef, f: FieldDef): ModelDef {
  const forms = f.forms;
  if (!forms) return target;
  let copy = copies.get(f);
  if (!copy || copy.key !== target.key) {
    copy = { ...target, fields: target.fields.map((g) => (forms[g.name] ? formed(g, forms[g.name]!) : g)) };
    copies.set(f, copy);
  }
  return copy;
}
