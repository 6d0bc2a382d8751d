/**
 * Change records as the events a stream sends, each made once per process for every stream that sends it
 * in the same form (its schema, host, fields and branch): read and rendered as the list shows it, written
 * out as the event's bytes (`id:`, `event:`, `data:`), and kept in a cache of bounded size, oldest out
 * first. Streams that ask for the same records at the same moment (all woken by one commit) share the
 * read already under way.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { query, type Db, type Row } from '../db/index.ts';
import type { Services } from '../http/env.ts';
import { outputWith } from '../rest/index.ts';

/** Bytes of events kept, at most. */
const CACHE_BYTES = 16 * 1024 * 1024;

/** How the records a stream sends are written: the same bytes for the same schema, host, fields and branch. */
export interface Shape {
  readonly schema: string;
  readonly baseUrl: string;
  readonly names: readonly string[];
  /** JSON text added to every record of a branch's stream (`"branch": {…}`), or '' */
  readonly branch: string;
}

export const shapeKey = (s: Shape) => `${s.schema}\0${s.baseUrl}\0${s.names.join(',')}\0${s.branch}`;

/** Runs `fn` on the pool for main, or in a transaction whose search_path is the branch's. */
export function inSchemaOf<T>(services: Services, schema: string, fn: (db: Db) => Promise<T>): Promise<T> {
  if (schema === 'public') return fn(services.sql);
  return services.sql.begin(async (tx) => {
    await query(tx, "SELECT set_config('search_path', $1, true)", [`${schema}, public`]);
    return fn(tx);
  }) as Promise<T>;
}

/** One event's bytes. */
function frame(id: number, action: string, json: string, branch: string): Buffer {
  const data = branch ? `${json.slice(0, -1)},"branch":${branch}}` : json;
  return Buffer.from(`id: ${id}\nevent: ${action}\ndata: ${data}\n\n`);
}

type Frames = Map<number, Buffer>;

export class FrameCache {
  /** by shape key: each record's event (a record pruned before it was read has none) */
  private readonly shapes = new Map<string, Frames>();
  /** the records being read now, by shape key and id */
  private readonly pending = new Map<string, Map<number, Promise<Buffer | undefined>>>();
  /** what was kept, oldest first (from `head` on), to let go of when the cache is full */
  private order: { frames: Frames; id: number; bytes: number }[] = [];
  private head = 0;
  private bytes = 0;

  constructor(private readonly services: Services) {}

  /** The events of these records (id and action), in their order: one buffer. */
  async events(model: ModelDef, shape: Shape, found: readonly { id: number; action: string }[]): Promise<Buffer> {
    const key = shapeKey(shape);
    const frames = this.shapes.get(key) ?? new Map<number, Buffer>();
    this.shapes.set(key, frames);
    const pending = this.pending.get(key) ?? new Map<number, Promise<Buffer | undefined>>();
    this.pending.set(key, pending);
    // what this call has: the cached events now (the cache may let go of them while it waits)
    const got = new Map<number, Buffer | undefined | Promise<Buffer | undefined>>();
    const missing: { id: number; action: string }[] = [];
    for (const f of found) {
      const had = frames.get(f.id) ?? pending.get(f.id);
      if (had) got.set(f.id, had);
      else missing.push(f);
    }
    if (missing.length) {
      const read = this.read(model, shape, missing);
      // a failed read fails the streams that await it; none is left unhandled
      read.catch(() => {});
      for (const f of missing)
        pending.set(
          f.id,
          read.then((m) => m.get(f.id)),
        );
      try {
        for (const [id, buffer] of await read) {
          got.set(id, buffer);
          this.keep(frames, id, buffer);
        }
      } finally {
        for (const f of missing) pending.delete(f.id);
      }
    }
    const list: Buffer[] = [];
    for (const f of found) {
      const buffer = await got.get(f.id);
      // a record pruned between the two reads is passed over
      if (buffer) list.push(buffer);
    }
    return Buffer.concat(list);
  }

  /** The records' events, by id. */
  private read(model: ModelDef, shape: Shape, found: readonly { id: number; action: string }[]) {
    const ids = found.map((f) => f.id);
    const actions = new Map(found.map((f) => [f.id, f.action]));
    return inSchemaOf(this.services, shape.schema, async (db) => {
      const { registry, cache } = this.services;
      const context = { db, registry, baseUrl: shape.baseUrl, cache };
      const output = await outputWith(this.services, context, model, shape.names, ids.length > 100);
      const text = output.page('unnest($1::bigint[]) WITH ORDINALITY AS k(__id, __pos)');
      const rows = (await query(db, text, [ids])) as unknown as Row[];
      const rendered = await output.render(rows);
      return new Map(
        rows.map((r, i) => {
          const id = Number(r.id);
          return [id, frame(id, actions.get(id) ?? '', rendered[i] ?? '', shape.branch)] as const;
        }),
      );
    });
  }

  private keep(frames: Frames, id: number, buffer: Buffer): void {
    frames.set(id, buffer);
    this.order.push({ frames, id, bytes: buffer.length });
    this.bytes += buffer.length;
    while (this.bytes > CACHE_BYTES && this.head < this.order.length) {
      const old = this.order[this.head++];
      if (!old) break;
      old.frames.delete(old.id);
      this.bytes -= old.bytes;
    }
    if (this.head > 4096 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }
}
