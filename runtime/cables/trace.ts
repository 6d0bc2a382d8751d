/**
 * Cable paths, traced on read, many origins at once (one query per hop for all of them): from an
 * object over its cable to the far end; through a front port to its rear port and on, through a
 * rear port back to the front port of the position the path came in on, through a circuit to the
 * termination of its other side; ending at an object that passes nothing on. NetBox stores these
 * as CablePath rows; here they are computed from the cables as they are, so never stale.
 */
import type { Registry } from '../catalogue/index.ts';
import { ident, type Db, query } from '../db/index.ts';
import { linksOf } from './links.ts';
import { CIRCUIT_TERMINATION, FRONT_PORT, REAR_PORT, type Ref, refKey, TERMINATION, CABLE } from './model.ts';

export interface Segment {
  readonly near: Ref[];
  readonly cable: number | null;
  readonly far: Ref[];
}

export interface Path {
  readonly segments: Segment[];
  readonly complete: boolean;
  readonly active: boolean;
  readonly split: boolean;
  /** the objects the path ends at, when complete */
  readonly endpoints: Ref[];
}

interface State {
  near: Ref[];
  positions: number[];
  segments: Segment[];
  active: boolean;
  done: boolean;
  complete: boolean;
  split: boolean;
  seen: Set<string>;
}

const MAX_HOPS = 64;
const passesOn = new Set([FRONT_PORT, REAR_PORT, CIRCUIT_TERMINATION.model]);

/** A path that went on over a cable to objects passing it on, `far` (never empty). */
interface Hop {
  readonly s: State;
  readonly far: Ref[];
}

interface Mapping {
  readonly front: number;
  readonly position: number;
  readonly rear: number;
  readonly rearPosition: number;
}

/** Front-to-rear port mappings (a front port's `rear_ports` list) of these front ports, or onto these rear ports. */
async function mappings(db: Db, registry: Registry, by: 'front' | 'rear', ids: number[]): Promise<Mapping[]> {
  if (!ids.length || !registry.has(FRONT_PORT)) return [];
  const table = ident(registry.model(FRONT_PORT).table);
  const cond = by === 'front' ? 'f.id = ANY($1::bigint[])' : "(m->>'rear_port')::bigint = ANY($1::bigint[])";
  const rows = await query(
    db,
    `SELECT f.id AS front, coalesce((m->>'position')::int, 1) AS position, (m->>'rear_port')::bigint AS rear,
      coalesce((m->>'rear_port_position')::int, 1) AS rp
       FROM ${table} f, jsonb_array_elements(coalesce(f.rear_ports, '[]'::jsonb)) m WHERE ${cond} ORDER BY f.id,
      position`,
    [ids],
  );
  return rows.map((r) => ({
    front: Number(r.front),
    position: Number(r.position),
    rear: Number(r.rear),
    rearPosition: Number(r.rp),
  }));
}

async function otherSides(db: Db, registry: Registry, ids: number[]): Promise<Map<number, Ref | null>> {
  const out = new Map<number, Ref | null>();
  if (!ids.length) return out;
  const ct = registry.model(CIRCUIT_TERMINATION.model);
  const rows = await query(
    db,
    `SELECT a.id AS a, b.id AS b, b.termination_type AS bt, b.termination_id AS bi
       FROM ${ident(ct.table)} a LEFT
      JOIN ${ident(ct.table)} b ON b.${CIRCUIT_TERMINATION.circuit} = a.${CIRCUIT_TERMINATION.circuit}
      AND b.${CIRCUIT_TERMINATION.side} <> a.${CIRCUIT_TERMINATION.side}
      WHERE a.id = ANY($1::bigint[])`,
    [ids],
  );
  for (const r of rows) {
    if (r.b === null) out.set(Number(r.a), null);
    // a circuit that ends at a provider network ends the path there
    else if (r.bt === 'circuits.providernetwork')
      out.set(Number(r.a), { type: 'circuits.providernetwork', id: Number(r.bi) });
    else out.set(Number(r.a), { type: CIRCUIT_TERMINATION.model, id: Number(r.b) });
  }
  return out;
}

/** A path starting at `origin`, not yet followed. */
const start = (origin: Ref): State => ({
  near: [origin],
  positions: [],
  segments: [],
  active: true,
  done: false,
  complete: false,
  split: false,
  seen: new Set([refKey(origin)]),
});

/** What a followed path found. */
function pathOf(s: State): Path {
  const last = s.segments[s.segments.length - 1];
  return {
    segments: s.segments,
    complete: s.complete,
    active: s.active,
    split: s.split,
    endpoints: s.complete && last ? last.far : [],
  };
}

/** Follows the paths, all at once, until each ends (or MAX_HOPS). */
async function follow(db: Db, registry: Registry, states: readonly State[]): Promise<void> {
  const tables = { termination: registry.model(TERMINATION.model).table, cable: registry.model(CABLE.model).table };
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const live = states.filter((s) => !s.done);
    if (!live.length) break;
    const links = await linksOf(
      db,
      live.flatMap((s) => s.near),
      tables,
    );
    const fronts: Hop[] = [];
    const rears: Hop[] = [];
    const circuits: Hop[] = [];
    for (const s of live) {
      const link = s.near.map((r) => links.get(refKey(r))).find(Boolean);
      if (!link || !link.far.length) {
        s.done = true;
        if (link) s.segments.push({ near: s.near, cable: link.cable, far: [] });
        continue;
      }
      s.segments.push({ near: s.near, cable: link.cable, far: link.far });
      if (link.status !== 'connected') s.active = false;
      const type = link.far[0].type;
      if (!passesOn.has(type)) {
        s.done = true;
        s.complete = true;
        continue;
      }
      if (link.far.some((f) => s.seen.has(refKey(f)))) {
        s.done = true; // a loop
        continue;
      }
      link.far.forEach((f) => s.seen.add(refKey(f)));
      (type === FRONT_PORT ? fronts : type === REAR_PORT ? rears : circuits).push({ s, far: link.far });
    }
    const farIds = (list: Hop[]) => [...new Set(list.flatMap((h) => h.far.map((f) => f.id)))];
    const [frontMaps, rearMaps, sides] = await Promise.all([
      mappings(db, registry, 'front', farIds(fronts)),
      mappings(db, registry, 'rear', farIds(rears)),
      otherSides(db, registry, farIds(circuits)),
    ]);
    for (const { s, far } of fronts) {
      const maps = frontMaps.filter((m) => far.some((f) => f.id === m.front));
      if (!maps.length) {
        s.done = true;
        continue;
      }
      if (maps.length === 1) s.positions.push(maps[0].rearPosition);
      s.near = [...new Set(maps.map((m) => m.rear))].map((id) => ({ type: REAR_PORT, id }));
    }
    for (const { s, far } of rears) {
      const onto = rearMaps.filter((m) => far.some((f) => f.id === m.rear));
      const position = s.positions.pop();
      const maps = position === undefined ? onto : onto.filter((m) => m.rearPosition === position);
      if (maps.length !== 1) {
        s.done = true;
        s.split = maps.length > 1;
        continue;
      }
      s.near = [{ type: FRONT_PORT, id: maps[0].front }];
    }
    for (const { s, far } of circuits) {
      const other = sides.get(far[0].id);
      if (!other) {
        s.done = true;
        continue;
      }
      if (other.type !== CIRCUIT_TERMINATION.model) {
        s.segments.push({ near: far, cable: null, far: [other] });
        s.done = true;
        s.complete = true;
        continue;
      }
      s.near = [other];
    }
  }
}

/** The paths from these objects, by refKey. */
export async function tracePaths(db: Db, registry: Registry, origins: readonly Ref[]): Promise<Map<string, Path>> {
  const states = new Map(origins.map((o) => [refKey(o), start(o)]));
  await follow(db, registry, [...states.values()]);
  return new Map([...states].map(([key, s]) => [key, pathOf(s)]));
}

/** The path from one object. */
export async function tracePath(db: Db, registry: Registry, origin: Ref): Promise<Path> {
  const s = start(origin);
  await follow(db, registry, [s]);
  return pathOf(s);
}
