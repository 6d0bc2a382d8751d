/**
 * The cable fields of a cabled object (interface, port, feed, circuit termination): its cable and
 * end, its link peers, and its path's endpoints. One lookup of links per page, and one batched
 * trace only when the endpoints are wanted.
 */
import type { CablePart, ModelDef } from '../catalogue/index.ts';
import type { Row } from '../db/index.ts';
import { linksOf, type Link, CABLE, refKey, TERMINATION, tracePaths, type Path } from '../cables/index.ts';
import type { NestingContext } from './serialize.ts';
import { nestedRefs } from './relations.ts';

type Render = (row: Row) => unknown;

interface PageCabling {
  links?: Promise<Map<string, Link>>;
  paths?: Promise<Map<string, Path>>;
}

// per page: several cable fields share one lookup
const pages = new WeakMap<Row[], PageCabling>();

function page(rows: Row[]): PageCabling {
  let p = pages.get(rows);
  if (!p) pages.set(rows, (p = {}));
  return p;
}

export async function cableRenderer(
  ctx: NestingContext,
  model: ModelDef,
  part: CablePart,
  rows: Row[],
  plain?: boolean,
): Promise<Render> {
  const state = page(rows);
  const refs = rows.map((r) => ({ type: model.key, id: Number(r.id) }));
  const tables = {
    termination: ctx.registry.model(TERMINATION.model).table,
    cable: ctx.registry.model(CABLE.model).table,
  };
  state.links ??= linksOf(ctx.db, refs, tables);
  const links = await state.links;
  const link = (r: Row) => links.get(refKey({ type: model.key, id: Number(r.id) }));
  switch (part) {
    case 'cable': {
      // the cable's id (a nested form's, as DRF shows NetBox's cable foreign key)
      if (plain) return (r) => link(r)?.cable ?? null;
      const cable = ctx.registry.model(CABLE.model);
      const map = await ctx.fetchNested(
        ctx,
        cable,
        cable.nested,
        [...links.values()].map((l) => l.cable),
      );
      return (r) => {
        const l = link(r);
        return l ? (map.get(l.cable) ?? null) : null;
      };
    }
    case 'end':
      return (r) => link(r)?.end ?? null;
    case 'occupied':
      return (r) => !!link(r) || r.mark_connected === true;
    case 'peers': {
      const map = await nestedRefs(
        ctx,
        [...links.values()].flatMap((l) => l.far),
      );
      return (r) => (link(r)?.far ?? []).map((f) => map.get(refKey(f))).filter(Boolean);
    }
    case 'peers_type':
      return (r) => link(r)?.far[0]?.type ?? null;
    default: {
      state.paths ??= tracePaths(
        ctx.db,
        ctx.registry,
        refs.filter((ref) => links.has(refKey(ref))),
      );
      const paths = await state.paths;
      const path = (r: Row) => paths.get(refKey({ type: model.key, id: Number(r.id) }));
      if (part === 'reachable')
        return (r) => {
          const p = path(r);
          return !!p && p.complete && p.active;
        };
      if (part === 'endpoints_type')
        return (r) => {
          const p = path(r);
          return p?.complete ? (p.endpoints[0]?.type ?? null) : null;
        };
      const map = await nestedRefs(
        ctx,
        [...paths.values()].flatMap((p) => p.endpoints),
      );
      return (r) => {
        const p = path(r);
        return p?.complete ? p.endpoints.map((e) => map.get(refKey(e))).filter(Boolean) : null;
      };
    }
  }
}
