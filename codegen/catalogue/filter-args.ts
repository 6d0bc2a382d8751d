/**
 * The argument of a declared filter operation (`op:` with `arg:` in models/*.yaml), parsed once here into
 * the structure its runtime operation reads (SpecialOp in runtime/catalogue/ir.ts). A malformed argument
 * is an Error whose message the filter builder reports at the declaration's YAML path.
 */
import type { FieldRef, ObjectPath, PathFrom, SpecialOp } from '../../runtime/catalogue/ir.ts';
import type { FilterOp } from '../../runtime/catalogue/names.ts';
import { contentType, fieldPath, fieldRef } from './args.ts';

type Op = Exclude<FilterOp, 'tag' | 'created_by_request' | 'updated_by_request' | 'modified_by_request'>;

const name = /^[a-z_][a-z0-9_]*$/;

function need(arg: string | undefined, form: string): string {
  if (!arg) throw new Error(`"arg" is required: ${form}`);
  return arg;
}

function ref(text: string): FieldRef {
  if (!fieldPath.test(text)) throw new Error(`"${text}" is not \`app.model.field\``);
  return fieldRef(text);
}

function names(text: string, count?: number): string[] {
  const list = text.split(',');
  if (list.some((n) => !name.test(n)) || (count !== undefined && list.length !== count))
    throw new Error(`"${text}" is not ${count ?? 'a list of'} field name${count === 1 ? '' : 's'}, comma-separated`);
  return list;
}

function type(text: string): string {
  if (!contentType.test(text)) throw new Error(`"${text}" is not a content type \`app.model\``);
  return text;
}

/** `a.b<dcim.site>.c`: fields joined by dots, a generic step naming the type it must be. */
function objectPath(text: string): ObjectPath {
  if (!text) return [];
  // dots inside `<app.model>` do not separate steps
  return text.split(/\.(?![^<]*>)/).map((step) => {
    const m = /^([a-z_]+)(?:<(.+)>)?$/.exec(step);
    if (!m?.[1]) throw new Error(`"${step}" is not a field, or a field<app.model>`);
    return m[2] ? { field: m[1], type: type(m[2]) } : { field: m[1] };
  });
}

/** `@` (the object), `@site…` (from its site), or a path from the object. */
function pathFrom(text: string): PathFrom {
  if (text === '@') return { from: 'self', path: [] };
  if (text === '@site') return { from: 'site', path: [] };
  if (text.startsWith('@site.')) return { from: 'site', path: objectPath(text.slice(6)) };
  return { from: 'self', path: objectPath(text) };
}

/** `group.scope|site|object|site paths|type=paths;…` (runtime/filters/available.ts says what each is). */
function available(arg: string): SpecialOp {
  const parts = arg.split('|');
  if (parts.length !== 5) throw new Error('"arg" is `group.scope|site|app.model|paths|type=paths;…`');
  const [groupScope, site, object, sitePaths, scopeRules] = parts as [string, string, string, string, string];
  const [group, scope] = groupScope.split('.');
  if (!group || !scope || !name.test(group) || !name.test(scope)) throw new Error('"arg" starts `group.scope|`');
  return {
    op: 'available',
    group,
    scope,
    site: names(site, 1)[0] as string,
    object: type(object),
    sitePaths: sitePaths ? sitePaths.split(',').map(pathFrom) : [],
    scopes: scopeRules.split(';').map((rule) => {
      const [t, paths] = rule.split('=');
      if (!t || !paths) throw new Error(`"${rule}" is not \`app.model=path,…\``);
      return { type: type(t), paths: paths.split(',').map(pathFrom) };
    }),
  };
}

/** `name=!a,b;name2=c`: groups of choice values, `!` taking every choice but those listed. */
function choiceGroups(arg: string): SpecialOp {
  const groups: Record<string, { negate: boolean; values: string[] }> = {};
  for (const group of arg.split(';')) {
    const [key, list] = group.split('=');
    if (!key || !list) throw new Error(`"${group}" is not \`name=value,…\``);
    groups[key] = { negate: list.startsWith('!'), values: list.replace(/^!/, '').split(',') };
  }
  return { op: 'choice_group', groups };
}

/** `app.model.field[:field=value],…`: relations pointing at the object, a fixed value of their rows. */
function relations(op: 'has' | 'has_any' | 'missing', arg: string): SpecialOp {
  return {
    op,
    relations: arg.split(',').map((spec) => {
      const [relation, fixed] = spec.split(':') as [string, string | undefined];
      if (!fixed) return ref(relation);
      const [field, value] = fixed.split('=');
      if (!field || value === undefined) throw new Error(`"${fixed}" is not \`field=value\``);
      return { ...ref(relation), where: { field, value } };
    }),
  };
}

/** The structured arguments of `op`, from its `arg` (and the filter's `field`, the default of some). */
export function specialOp(op: Op, arg: string | undefined, field: string | undefined): SpecialOp {
  switch (op) {
    case 'generic_is':
      return { op, types: need(arg, 'object types, comma-separated').split(',').map(type) };
    case 'generic_id':
      return { op, objectType: type(need(arg, 'an object type')) };
    case 'generic_parent_id': {
      const [t, parent] = need(arg, '`app.model:field`').split(':');
      if (!t || !parent) throw new Error('"arg" is `app.model:field`');
      return { op, objectType: type(t), parent };
    }
    case 'not_null':
      return { op, fields: names(arg ?? field ?? 'id') };
    case 'has':
    case 'has_any':
    case 'missing':
      return relations(op, need(arg, 'relations `app.model.field`, comma-separated'));
    case 'list_has':
      return { op, value: need(arg, 'the value the list holds') };
    case 'json_ref': {
      const text = need(arg, 'the key, or `app.model.field:key`');
      const [owner, key] = text.includes(':') ? (text.split(':') as [string, string]) : [undefined, text];
      return owner ? { op, key, owner: ref(owner) } : { op, key };
    }
    case 'vc_interfaces': {
      const [chassis, mgmtOnly, master] = names(need(arg, 'chassis,mgmt_only[,master]'));
      if (!chassis || !mgmtOnly) throw new Error('"arg" is `chassis,mgmt_only[,master]`');
      return master ? { op, chassis, mgmtOnly, master } : { op, chassis, mgmtOnly };
    }
    case 'range_contains':
    case 'range_within':
      return { op, end: names(need(arg, 'the end field'), 1)[0] as string };
    case 'related_ip': {
      const [relation, address, vrf] = need(arg, '`app.model.relation:address:vrf`').split(':');
      if (!relation || !address || !vrf) throw new Error('"arg" is `app.model.relation:address:vrf`');
      const r = ref(relation);
      return { op, model: r.model, relation: r.field, address, vrf };
    }
    case 'vrf_present': {
      const [imports, exports] = names(need(arg, 'imports,exports'), 2) as [string, string];
      return { op, imports, exports };
    }
    case 'choice_group':
      return choiceGroups(need(arg, 'groups `name=value,…;…`'));
    case 'null_or_same':
      return { op, other: ref(need(arg, '`app.model.field`')) };
    case 'usable': {
      const [enabled, shared] = names(need(arg, 'enabled,shared'), 2) as [string, string];
      return { op, enabled, shared };
    }
    case 'available':
      return available(need(arg, '`group.scope|site|app.model|paths|type=paths;…`'));
    default:
      if (arg !== undefined) throw new Error(`"${op}" takes no "arg"`);
      return { op };
  }
}
