/** Task `prune_media`: removes uploads no row names any more, scheduled daily. */
import { pruneMedia } from '../media/index.ts';
import type { JobTask } from '../jobs/index.ts';

export const pruneMediaTask: JobTask = async (ctx) => {
  const { removed } = await pruneMedia(ctx.sql, ctx.registry, ctx.settings.mediaRoot);
  return { ok: true, data: { removed }, error: '' };
};
