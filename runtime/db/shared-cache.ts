/**
 * Small caches of rarely changed rows (custom field definitions) kept per process and cleared
 * everywhere at once: a write that changes them sends NOTIFY in its transaction, which PostgreSQL
 * delivers to every process at commit. A lost listening connection clears everything (it may
 * have missed a notice), and until listening works nothing is cached.
 */
import type { Db, Sql } from './connect.ts';

const CHANNEL = 'nb_cache';

export class SharedCache {
  private readonly maps = new Map<string, Map<string, Promise<unknown>>>();
  private listening = false;

  constructor(private readonly sql: Sql) {}

  async start(): Promise<void> {
    await this.sql.listen(CHANNEL, (topic) => this.maps.get(topic)?.clear(), () => {
      this.maps.clear();
      this.listening = true;
    });
  }

  clear(topic: string): void {
    this.maps.get(topic)?.clear();
  }

  get<T>(topic: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    const map = this.maps.get(topic) ?? new Map<string, Promise<unknown>>();
    this.maps.set(topic, map);
    let hit = map.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      map.set(key, hit);
      hit.catch(() => map.delete(key));
    }
    return hit;
  }
}

/** Tells every process, when `db`'s transaction commits, that `topic` changed. */
export async function notifyChanged(db: Db, topic: string): Promise<void> {
  await db.unsafe('SELECT pg_notify($1, $2)', [CHANNEL, topic]);
}
