/**
 * One stream's life after its headers: read the next records its filters and permissions let through
 * (reader.ts) and send them (a batch read and written out once per process for every stream of the same
 * feed, hub.ts), and when there is nothing new, wait for the sequencer's notice, with a heartbeat comment
 * whenever nothing was sent for STREAM_HEARTBEAT_SECONDS. One batch is read ahead of the client, no more: a
 * client with STREAM_BUFFER_BYTES not taken that takes none of it for a heartbeat interval is too slow,
 * and is sent the id to resume from and cut off; so is every stream after STREAM_MAX_SECONDS (clients
 * reconnect, and are authenticated again). A failure (a permission withdrawn, the database gone) ends
 * the stream with an `error` event carrying the resume id too.
 */
import type { Services } from '../http/env.ts';
import { ServiceError } from '../errors/index.ts';
import type { Feed, StreamHub } from './hub.ts';
import type { Position } from './reader.ts';
import type { EventStream } from './sse.ts';

/** How long an ended stream's last events may take to be read before the connection is cut. */
const FLUSH_MS = 10_000;

export interface RunningStream {
  readonly services: Services;
  readonly hub: StreamHub;
  readonly feed: Feed;
  readonly out: EventStream;
}

/** Why the stream must end now, if it must. */
async function mustEnd(s: RunningStream, deadline: number): Promise<Record<string, unknown> | undefined> {
  const { stream } = s.services.settings;
  if (deadline && Date.now() >= deadline)
    return {
      reason: 'lifetime',
      detail: `A stream lasts at most STREAM_MAX_SECONDS (${stream.maxSeconds}); reconnect to go on.`,
    };
  if (s.out.unsent < stream.bufferBytes || (await s.out.drained(stream.heartbeatSeconds * 1000))) return undefined;
  return {
    reason: 'slow_consumer',
    detail:
      `The client left ${s.out.unsent} bytes unread for ${stream.heartbeatSeconds} s (STREAM_BUFFER_BYTES is ` +
      `${stream.bufferBytes}); reconnect with Last-Event-ID or since= to go on.`,
  };
}

export async function runStream(s: RunningStream, start: Position): Promise<void> {
  const { stream } = s.services.settings;
  const heartbeatMs = stream.heartbeatSeconds * 1000;
  const deadline = stream.maxSeconds ? Date.now() + stream.maxSeconds * 1000 : 0;
  const schema = s.feed.shape.schema;
  let position = start;
  const gone = new Promise<void>((resolve) => s.out.onClose(resolve));
  try {
    while (!s.out.closed) {
      const end = await mustEnd(s, deadline);
      if (end) return s.out.end('disconnect', end, FLUSH_MS);
      const next = await s.hub.next(s.feed, position);
      if (next) {
        // the batch after it is read while this one is written and taken (one ahead, shared by the feed)
        s.hub.next(s.feed, next.position).catch(() => {});
        if (next.data && next.lastId !== null) s.out.events(next.data, next.lastId);
        position = next.position;
        continue;
      }
      const quiet = Math.max(0, s.out.lastWrite + heartbeatMs - Date.now());
      const ms = deadline ? Math.min(quiet, deadline - Date.now()) : quiet;
      await Promise.race([s.hub.wait(schema, position.epoch, ms), gone]);
      if (Date.now() - s.out.lastWrite >= heartbeatMs) s.out.comment(`heartbeat ${new Date().toISOString()}`);
    }
  } catch (e) {
    const detail = e instanceof ServiceError ? e.message : `The stream failed: ${(e as Error).message}`;
    s.out.end('error', { reason: 'error', detail }, FLUSH_MS);
  }
}
