/**
 * Small caches of rarely changed rows (custom field definitions; tokens, users and permissions)
 * kept per process and cleared everywhere at once: a write that changes them sends NOTIFY in its
 * transaction (or a trigger does, cache-triggers.ts), which PostgreSQL delivers to every process
 * at commit. A lost listening connection clears everything (it may have missed a notice), and
 * until listening works nothing is cached. An entry may also be given a maximum age, a backstop
 * for a notice lost while the listening connection was being replaced.
 *
 * Entries are loaded on connections of the cache's own (`loader`), never the request pool's: a
 * request that holds a pool connection in its transaction and then waits for a load must not need
 * a second pool connection, or ten such requests at once hold all ten and wait for each other forever.
 */
import type { Db, Sql } from './connect.ts';
import { query } from './query.ts';

export const CACHE_CHANNEL = 'nb_cache';

interface Entry {
  readonly value: Promise<unknown>;
  readonly at: number;
}

export class SharedCache {
  private readonly maps = new Map<string, Map<string, Entry>>();
  private listening = false;

  /**
   * @param sql the request pool (its LISTEN connection carries the notices)
   * @param loader connections of the cache's own for loads
   */
  constructor(
    private readonly sql: Sql,
    private readonly loader: Sql,
  ) {}

  /**
   * Where entries are loaded: an entry must hold committed rows, never what a request's transaction
   * sees (its own uncommitted writes would reach every later request, and stay after a rollback).
   */
  get pool(): Db {
    return this.loader as unknown as Db;
  }

  /** Whether `db` is the request pool itself (a read on main outside any transaction). */
  isMain(db: unknown): boolean {
    return db === this.sql;
  }

  async stop(): Promise<void> {
    await this.loader.end({ timeout: 5 });
  }

  async start(): Promise<void> {
    await this.sql.listen(
      CACHE_CHANNEL,
      (topic) => this.maps.get(topic)?.clear(),
      () => {
        this.maps.clear();
        this.listening = true;
      },
    );
  }

  clear(topic: string): void {
    this.maps.get(topic)?.clear();
  }

  get<T>(topic: string, key: string, load: () => Promise<T>, maxAgeMs?: number): Promise<T> {
    if (!this.listening) return load();
    const map = this.maps.get(topic) ?? new Map<string, Entry>();
    this.maps.set(topic, map);
    const hit = map.get(key);
    if (hit && (maxAgeMs === undefined || Date.now() - hit.at < maxAgeMs)) return hit.value as Promise<T>;
    const entry: Entry = { value: load(), at: Date.now() };
    map.set(key, entry);
    // a failed load is not kept (only this entry: a newer one may have replaced it)
    entry.value.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    return entry.value as Promise<T>;
  }
}

/** Tells every process, when `db`'s transaction commits, that `topic` changed. */
export async function notifyChanged(db: Db, topic: string): Promise<void> {
  await query(db, 'SELECT pg_notify($1, $2)', [CACHE_CHANNEL, topic]);
}

/**
 * Models whose rows a cache topic holds: a write to one of them empties the topic (see
 * write/cache-observer.ts). `notify`: the write's transaction sends the NOTIFY itself, for tables
 * without a trigger that does (cache-triggers.ts).
 */
export interface CachedModels {
  readonly topic: string;
  readonly models: ReadonlySet<string>;
  readonly notify?: boolean;
}
