/**
 * A process's side of the change stream: it hears the sequencer's notices (and, while streams wait,
 * looks for new history rows once a second besides, in case a notice was lost with its connection) and
 * wakes the streams of that schema; and it renders change records once for every stream that sends them
 * in the same form (the JSON the list gives), keeping the newest in a cache of bounded size.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { query, type Db, type Row } from '../db/index.ts';
import type { Services } from '../http/env.ts';
import { outputWith } from '../rest/index.ts';
import { latestEpoch, STREAM_CHANNEL } from './epochs.ts';

/** Rendered records kept, at most (bytes of JSON text). */
const CACHE_BYTES = 16 * 1024 * 1024;
/** How often the history is looked at besides the notices, while streams wait. */
const POLL_MS = 1000;

/** How the records a stream sends are written: its schema, host and fields (the same text for the same three). */
export interface Shape {
  readonly schema: string;
  readonly baseUrl: string;
  readonly names: readonly string[];
}

/** Runs `fn` on the pool for main, or in a transaction whose search_path is the branch's. */
export function inSchemaOf<T>(services: Services, schema: string, fn: (db: Db) => Promise<T>): Promise<T> {
  if (schema === 'public') return fn(services.sql);
  return services.sql.begin(async (tx) => {
    await query(tx, "SELECT set_config('search_path', $1, true)", [`${schema}, public`]);
    return fn(tx);
  }) as Promise<T>;
}

export class StreamHub {
  /** streams connected to this process */
  clients = 0;
  /** how each open stream is ended when the server stops */
  readonly streams = new Set<() => void>();
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly latest = new Map<string, number>();
  private readonly cache = new Map<string, string>();
  /** the records being read and rendered now, by cache key */
  private readonly pending = new Map<string, Promise<string | undefined>>();
  private cacheBytes = 0;
  private poller: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  /**
   * @param sequenced runs the process's sequencer once (a stream starting after a change committed a
   *   moment ago waits for it to be sequenced)
   */
  constructor(
    private readonly services: Services,
    readonly sequenced: () => Promise<void> = async () => {},
  ) {}

  async start(): Promise<void> {
    const { unlisten } = await this.services.sql.listen(STREAM_CHANNEL, (payload) => {
      for (const row of JSON.parse(payload) as { id: number; schema: string }[]) this.advanced(row.schema, row.id);
    });
    this.unlisten = unlisten;
    this.poller = setInterval(() => void this.poll().catch(() => {}), POLL_MS);
    this.poller.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.poller);
    for (const end of this.streams) end();
    for (const set of this.waiting.values()) for (const wake of set) wake();
    await this.unlisten?.().catch(() => {});
  }

  private advanced(schema: string, id: number): void {
    if (id <= (this.latest.get(schema) ?? 0)) return;
    this.latest.set(schema, id);
    const set = this.waiting.get(schema);
    if (!set) return;
    this.waiting.delete(schema);
    for (const wake of set) wake();
  }

  private async poll(): Promise<void> {
    for (const schema of [...this.waiting.keys()]) this.advanced(schema, await latestEpoch(this.services.sql, schema));
  }

  /** Until the schema's history grows past `seen`, or `ms` pass. */
  wait(schema: string, seen: number, ms: number): Promise<void> {
    if ((this.latest.get(schema) ?? 0) > seen) return Promise.resolve();
    return new Promise((resolve) => {
      const set = this.waiting.get(schema) ?? new Set<() => void>();
      this.waiting.set(schema, set);
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      set.add(wake);
    });
  }

  /**
   * The records with these ids as the list shows them, by id: from the cache, from a read another stream
   * already has under way (the streams of one shape ask for the same records at the same moment), the rest
   * in one query.
   */
  async render(model: ModelDef, shape: Shape, ids: readonly number[]): Promise<Map<number, string>> {
    const prefix = `${shape.schema}\0${shape.baseUrl}\0${shape.names.join(',')}\0`;
    const key = (id: number) => prefix + id;
    const out = new Map<number, string>();
    const missing: number[] = [];
    const awaited: [number, Promise<string | undefined>][] = [];
    for (const id of ids) {
      const hit = this.cache.get(key(id));
      const pending = hit === undefined ? this.pending.get(key(id)) : undefined;
      if (hit !== undefined) out.set(id, hit);
      else if (pending) awaited.push([id, pending]);
      else missing.push(id);
    }
    if (missing.length) {
      const read = this.read(model, shape, missing);
      for (const id of missing) {
        const one = read.then((texts) => texts.get(id));
        // a failed read fails the streams that await it; none is left unhandled
        one.catch(() => {});
        this.pending.set(key(id), one);
        awaited.push([id, one]);
      }
      void read
        .finally(() => {
          for (const id of missing) this.pending.delete(key(id));
        })
        .catch(() => {});
      for (const [id, text] of await read) this.keep(key(id), text);
    }
    for (const [id, text] of awaited) {
      const t = await text;
      if (t !== undefined) out.set(id, t);
    }
    return out;
  }

  /** The records with these ids rendered, by id (a record pruned meanwhile has none). */
  private read(model: ModelDef, shape: Shape, ids: readonly number[]): Promise<Map<number, string>> {
    return inSchemaOf(this.services, shape.schema, async (db) => {
      const { registry, cache } = this.services;
      const output = await outputWith(
        this.services,
        { db, registry, baseUrl: shape.baseUrl, cache },
        model,
        shape.names,
        ids.length > 100,
      );
      const text = output.page('unnest($1::bigint[]) WITH ORDINALITY AS k(__id, __pos)');
      const rows = (await query(db, text, [ids])) as unknown as Row[];
      const rendered = await output.render(rows);
      return new Map(rows.map((r, i) => [Number(r.id), rendered[i] ?? ''] as const));
    });
  }

  private keep(key: string, text: string): void {
    this.cache.set(key, text);
    this.cacheBytes += text.length;
    // the oldest first (a Map iterates in insertion order)
    for (const [k, v] of this.cache) {
      if (this.cacheBytes <= CACHE_BYTES) break;
      this.cache.delete(k);
      this.cacheBytes -= v.length;
    }
  }
}
