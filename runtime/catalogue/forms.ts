/**
 * The model as a relation nests it. Mostly the target itself; where the relation gives some of the
 * target's fields a form of their own (`forms`, from the catalogue's `nested: [..., {device: [...]}]`), a
 * copy whose fields carry those forms, so every renderer, OPTIONS and the OpenAPI document see the
 * same thing. NetBox's legacy nested serializers are why: a nested interface shows its device in the
 * short form and read-only, its cable as the id, a nested address its family as a bare integer.
 */
import type { FieldDef, ModelDef, NestedForm, NestedShape } from './ir.ts';

const copies = new WeakMap<FieldDef | NestedShape, ModelDef>();

function formed(g: FieldDef, form: NestedForm): FieldDef {
  if (form === 'plain') {
    // validate.ts lets only these take the plain form: a choice's value, a relation's id
    if (g.kind === 'choice' || g.kind === 'fk' || g.kind === 'computed') return { ...g, plain: true };
  } else if (g.kind === 'fk' || g.kind === 'm2m' || g.kind === 'computed') {
    const { forms: _own, ...rest } = g;
    return { ...rest, nested: form.nested, ...(form.forms ? { forms: form.forms } : {}), readOnly: true };
  }
  throw new Error(`${g.name}: a ${g.kind} field has no nested form of its own`);
}

/** `target` as field `f` nests it (the same object when `f` gives no field a form of its own). */
export function formModel(target: ModelDef, f: FieldDef | NestedShape): ModelDef {
  const forms = 'forms' in f ? f.forms : undefined;
  if (!forms) return target;
  let copy = copies.get(f);
  if (!copy || copy.key !== target.key) {
    copy = {
      ...target,
      fields: target.fields.map((g) => {
        const form = forms[g.name];
        return form ? formed(g, form) : g;
      }),
    };
    copies.set(f, copy);
  }
  return copy;
}
