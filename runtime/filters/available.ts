/**
 * Rows available to one object through their group's scope, as NetBox's VLANQuerySet.get_for_site,
 * get_for_site_group, get_for_device and get_for_virtualmachine: the group is scoped to something the
 * object lies in (a tree's ancestors count), or the row belongs to the object's site, or it is global.
 *
 * The filter names the row's `group` and the group's generic `scope`, the row's `site`, the model of
 * the `object` given, where the object's site is (`sitePaths`: the first that leads somewhere) and, for
 * each scope type, where the object's scopes of that type are. A path runs from the object itself or
 * from its site, a generic step naming the type it must be.
 */
import type { SqlParam } from '../db/index.ts';
import type { ModelDef, ObjectPath, PathFrom, SpecialFilter } from '../catalogue/index.ts';
import { last } from '../collections.ts';
import { ident, query } from '../db/index.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { FilterValueError, parseInteger } from './values.ts';

interface Ref {
  readonly model: ModelDef;
  readonly id: number;
}

async function follow(ctx: FilterContext, from: Ref | undefined, path: ObjectPath): Promise<Ref | undefined> {
  let at = from;
  for (const step of path) {
    if (!at) return undefined;
    const f = ctx.registry.fieldOfKind(at.model, step.field, 'fk', 'generic');
    const cols = f.kind === 'generic' ? `${ident(f.typeColumn)} AS t, ${ident(f.idColumn)}` : ident(f.column);
    const [row] = await query(ctx.db, `SELECT ${cols} AS id FROM ${ident(at.model.table)} WHERE id = $1`, [at.id]);
    const next = f.kind === 'generic' ? (row?.t as string | null) : f.to;
    if (!row || row.id === null || !next || (step.type && next !== step.type)) return undefined;
    at = { model: ctx.registry.model(next), id: Number(row.id) };
  }
  return at;
}

export async function availableCondition(
  ctx: FilterContext,
  call: FilterCall<Extract<SpecialFilter, { readonly op: 'available' }>>,
): Promise<string> {
  const { model, filter: f, values, alias } = call;
  const object = ctx.registry.model(f.object);
  const id = parseInteger(last(values));
  const [found] = await query(ctx.db, `SELECT id FROM ${ident(object.table)} WHERE id = $1`, [id]);
  if (!found) throw new FilterValueError(`Select a valid choice. ${id} is not one of the available choices.`);
  const me: Ref = { model: object, id };
  const resolve = async (at: PathFrom, site?: Ref) => follow(ctx, at.from === 'site' ? site : me, at.path);
  let site: Ref | undefined;
  for (const path of f.sitePaths) site ??= await resolve(path);
  // the (type, id) pairs the object lies in; a tree's node stands for itself and its ancestors
  const scopes: string[] = [];
  for (const { type, paths } of f.scopes) {
    for (const path of paths) {
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
  const groupField = ctx.registry.fieldOfKind(model, f.group, 'fk');
  const group = ctx.registry.model(groupField.to);
  const scope = ctx.registry.fieldOfKind(group, f.scope, 'generic');
  const [g, s] = [`${alias}.${ident(groupField.column)}`, `${alias}.${ident(ctx.registry.columnOf(model, f.site))}`];
  const scoped = `${g} IN (SELECT x.id FROM ${ident(group.table)} x WHERE x.${ident(scope.typeColumn)} || ':' ||
    x.${ident(scope.idColumn)} = ANY(${p(scopes)}::text[]))`;
  const unscoped = `${g} IN (SELECT x.id FROM ${ident(group.table)} x WHERE x.${ident(scope.idColumn)} IS NULL)`;
  const parts = [scoped, `(${s} IS NULL AND (${unscoped} OR ${g} IS NULL))`];
  if (site) parts.push(`${s} = ${p(site.id)}::bigint`);
  return `(${parts.join(' OR ')})`;
}
