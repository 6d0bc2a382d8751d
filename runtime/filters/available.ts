/**
 * Rows available to one object through their group's scope, as NetBox's VLANQuerySet.get_for_site,
 * get_for_site_group, get_for_device and get_for_virtualmachine: the group is scoped to something the
 * object lies in (a tree's ancestors count), or the row belongs to the object's site, or it is global.
 *
 * `arg` is `group.scope|site|object|site paths|type=paths;…`: the row's group and the group's generic
 * scope, the row's site, the model of the object given, where the object's site is (first path that
 * leads somewhere; `@` is the object itself), and for each scope type where the object's scopes of that
 * type are. A path is fields joined by dots, a generic one as `name<type>`; `@site` starts at the site.
 */
import type { SqlParam } from '../db/query.ts';
import type { FilterDef, ModelDef } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import type { FilterContext } from './conditions.ts';
import { FilterValueError, parseInteger } from './values.ts';

interface Ref {
  readonly model: ModelDef;
  readonly id: number;
}

async function follow(ctx: FilterContext, from: Ref | undefined, path: string): Promise<Ref | undefined> {
  let at = from;
  // dots inside `<app.model>` do not separate steps
  for (const step of path ? path.split(/\.(?![^<]*>)/) : []) {
    if (!at) return undefined;
    const [, name, type] = /^([a-z_]+)(?:<(.+)>)?$/.exec(step)!;
    const f = ctx.registry.field(at.model, name!)!;
    const cols = f.kind === 'generic' ? `${ident(f.typeColumn!)} AS t, ${ident(f.idColumn!)}` : ident(f.column!);
    const [row] = await query(ctx.db, `SELECT ${cols} AS id FROM ${ident(at.model.table)} WHERE id = $1`, [at.id]);
    const next = f.kind === 'generic' ? (row?.t as string | null) : f.to!;
    if (!row || row.id === null || !next || (type && next !== type)) return undefined;
    at = { model: ctx.registry.model(next), id: Number(row.id) };
  }
  return at;
}

export async function availableCondition(
  ctx: FilterContext,
  model: ModelDef,
  f: FilterDef,
  values: string[],
  alias: string,
): Promise<string> {
  const [groupScope, siteName, objectKey, sitePaths, scopeRules] = f.arg!.split('|') as [
    string,
    string,
    string,
    string,
    string,
  ];
  const object = ctx.registry.model(objectKey);
  const id = parseInteger(values[values.length - 1]!);
  const [found] = await query(ctx.db, `SELECT id FROM ${ident(object.table)} WHERE id = $1`, [id]);
  if (!found) throw new FilterValueError(`Select a valid choice. ${id} is not one of the available choices.`);
  const me: Ref = { model: object, id };
  const resolve = async (path: string, site?: Ref) =>
    path === '@' ? me : path.startsWith('@site') ? follow(ctx, site, path.slice(6)) : follow(ctx, me, path);
  let site: Ref | undefined;
  for (const path of sitePaths ? sitePaths.split(',') : []) site ??= await resolve(path);
  // the (type, id) pairs the object lies in; a tree's node stands for itself and its ancestors
  const scopes: string[] = [];
  for (const rule of scopeRules.split(';')) {
    const [type, paths] = rule.split('=') as [string, string];
    for (const path of paths.split(',')) {
      const ref = await resolve(path, site);
      if (!ref || ref.model.key !== type) continue;
      const ids = ref.model.tree
        ? ((await query(ctx.db, `SELECT _path FROM ${ident(ref.model.table)} WHERE id = $1`, [ref.id]))[0]
            ?._path as number[])
        : [ref.id];
      scopes.push(...ids.map((i) => `${type}:${i}`));
    }
  }
  const p = (v: SqlParam) => ctx.params.add(v);
  const [groupName, scopeName] = groupScope.split('.') as [string, string];
  const groupField = ctx.registry.field(model, groupName)!;
  const group = ctx.registry.model(groupField.to!);
  const scope = ctx.registry.field(group, scopeName)!;
  const [g, s] = [
    `${alias}.${ident(groupField.column!)}`,
    `${alias}.${ident(ctx.registry.field(model, siteName)!.column!)}`,
  ];
  const scoped = `${g} IN (SELECT x.id FROM ${ident(group.table)} x WHERE x.${ident(scope.typeColumn!)} || ':' ||
    x.${ident(scope.idColumn!)} = ANY(${p(scopes)}::text[]))`;
  const unscoped = `${g} IN (SELECT x.id FROM ${ident(group.table)} x WHERE x.${ident(scope.idColumn!)} IS NULL)`;
  const parts = [scoped, `(${s} IS NULL AND (${unscoped} OR ${g} IS NULL))`];
  if (site && sitePaths) parts.push(`${s} = ${p(site.id)}::bigint`);
  return `(${parts.join(' OR ')})`;
}
