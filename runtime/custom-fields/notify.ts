/**
 * A write to custom field definitions (or their choice sets) clears every process's cached
 * definitions: NOTIFY reaches the others at commit, and this process clears its own before the
 * response leaves, so the writer's next request already sees the change.
 */
import { notifyChanged, type SharedCache } from '../db/index.ts';
import type { ChangeObserver } from '../write/index.ts';

const DEFINITIONS = new Set(['extras.customfield', 'extras.customfieldchoiceset']);

export function createCustomFieldsObserver(cache?: SharedCache): ChangeObserver {
  return {
    async changed(ctx, changes) {
      if (!changes.some((c) => DEFINITIONS.has(c.model.key))) return;
      await notifyChanged(ctx.db, 'custom_fields');
      ctx.afterCommit?.(async () => cache?.clear('custom_fields'));
    },
  };
}
