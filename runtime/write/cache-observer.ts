/**
 * A write through the write path to models a cache holds (tokens, permissions, custom field
 * definitions, config contexts…) empties this process's cached rows as soon as it commits, before
 * the response leaves, so the writer's next request sees the change. Other processes follow the
 * NOTIFY: sent by the tables' triggers (db/cache-triggers.ts), or by this transaction for the
 * topics that ask for it.
 */
import { notifyChanged, type CachedModels, type SharedCache } from '../db/index.ts';
import type { ChangeObserver } from './types.ts';

export function createCacheObserver(cache: SharedCache | undefined, cached: readonly CachedModels[]): ChangeObserver {
  return {
    async changed(ctx, changes) {
      for (const c of cached) {
        if (!changes.some((ch) => c.models.has(ch.model.key))) continue;
        if (c.notify) await notifyChanged(ctx.db, c.topic);
        if (cache) ctx.afterCommit?.(async () => cache.clear(c.topic));
      }
    },
  };
}
