/**
 * `trace` of a cabled object: its path as segments `[near objects, cable, far objects]`, in order
 * from the object; and `paths` of a pass-through port (front or rear): every complete path through
 * it, traced from the endpoint on one side, with NetBox's CablePath flags.
 */
import type { Context } from 'hono';
import type { ModelDef } from '../../catalogue/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { respond } from '../../http/render.ts';
import { CABLE, type Ref, refKey, tracePath, type Path } from '../../cables/index.ts';
import { nestedRefs, nesting } from '../../read/index.ts';
import { readContext } from '../../http/read-context.ts';
import { loadParent } from './allocate.ts';

async function render(c: Context<AppEnv>, path: Path): Promise<unknown[]> {
  const ctx = nesting(readContext(c));
  const refs = path.segments.flatMap((s) => [
    ...s.near,
    ...s.far,
    ...(s.cable === null ? [] : [{ type: CABLE.model, id: s.cable }]),
  ]);
  const map = await nestedRefs(ctx, refs);
  const list = (rs: Ref[]) => rs.map((r) => map.get(refKey(r))).filter(Boolean);
  return path.segments.map((s) => [
    list(s.near),
    s.cable === null ? null : (map.get(refKey({ type: CABLE.model, id: s.cable })) ?? null),
    list(s.far),
  ]);
}

export async function traceHandler(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const row = await loadParent(c, model, false);
  const path = await tracePath(c.var.tx, c.var.services.registry, { type: model.key, id: Number(row.id) });
  return respond(c, 200, await render(c, path));
}

export async function pathsHandler(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const row = await loadParent(c, model, false);
  const port = { type: model.key, id: Number(row.id) };
  const { registry } = c.var.services;
  // the endpoint on the port's cable side, then the whole path from there
  const outward = await tracePath(c.var.tx, registry, port);
  const out: unknown[] = [];
  for (const start of outward.endpoints) {
    const path = await tracePath(c.var.tx, registry, start);
    const through = path.segments.some((s) => [...s.near, ...s.far].some((r) => refKey(r) === refKey(port)));
    if (!through) continue;
    out.push({ path: await render(c, path), is_active: path.active, is_complete: path.complete, is_split: path.split });
  }
  return respond(c, 200, out);
}
