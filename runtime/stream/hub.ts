/**
 * A process's side of the change stream: it hears the sequencer's notices (and, while streams wait,
 * looks for new history rows once a second besides, in case a notice was lost with its connection) and
 * wakes the streams of that schema; and it reads each batch once for the streams that follow the same
 * feed from the same position, its events made once for every stream of the same form (frames.ts).
 */
import type { ModelDef } from '../catalogue/index.ts';
import type { Services } from '../http/env.ts';
import { latestEpoch, STREAM_CHANNEL } from './epochs.ts';
import { FrameCache, inSchemaOf, type Shape } from './frames.ts';
import { nextChanges, type Position, type Where } from './reader.ts';

/** How often the history is looked at besides the notices, while streams wait. */
const POLL_MS = 1000;
/** How long a batch read for one stream is kept for others of the same feed. */
const BATCH_MS = 2000;

/** What a stream follows: the records its filters and permissions let through, in its shape. */
export interface Feed {
  readonly model: ModelDef;
  readonly shape: Shape;
  readonly where: Where;
  /** the same for streams whose shape, user and filters are the same (so are their batches) */
  readonly key: string;
}

/** A batch's events (none: its records were all filtered out), the position after them and the last id. */
export interface Batch {
  readonly position: Position;
  readonly data: Buffer | undefined;
  readonly lastId: number | null;
}

export class StreamHub {
  /** streams connected to this process */
  clients = 0;
  /** how each open stream is ended when the server stops */
  readonly streams = new Set<() => void>();
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly latest = new Map<string, number>();
  private readonly frames: FrameCache;
  /** batches read, by feed and position: `at` when it was read (0: being read) */
  private readonly batches = new Map<string, { at: number; batch: Promise<Batch | undefined> }>();
  private poller: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  /**
   * @param sequenced runs the process's sequencer once (a stream starting after a change committed a
   *   moment ago waits for it to be sequenced)
   */
  constructor(
    private readonly services: Services,
    readonly sequenced: () => Promise<void> = async () => {},
  ) {
    this.frames = new FrameCache(services);
  }

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
   * The next batch of the feed after `position`: its events and the position after them (undefined:
   * nothing new yet). Streams of the same feed at the same position share one read of the batch and its
   * bytes (the streams one commit wakes ask at the same moment); a batch is kept a moment for those a
   * little behind.
   */
  next(feed: Feed, position: Position): Promise<Batch | undefined> {
    // past the newest row announced: nothing to read until the next notice
    const latest = this.latest.get(feed.shape.schema);
    if (latest !== undefined && position.after === null && position.epoch >= latest) return Promise.resolve(undefined);
    const now = Date.now();
    for (const [k, b] of this.batches) {
      if (b.at === 0 || now - b.at < BATCH_MS) break;
      this.batches.delete(k);
    }
    const key = `${feed.key}\0${position.epoch}\0${position.after ?? ''}`;
    const had = this.batches.get(key);
    if (had) return had.batch;
    const entry = { at: 0, batch: this.read(feed, position) };
    this.batches.set(key, entry);
    entry.batch.then(
      // "nothing new" is true only until the next commit: not kept
      (b) => (b ? (entry.at = Date.now()) : this.batches.delete(key)),
      () => this.batches.delete(key),
    );
    return entry.batch;
  }

  private async read(feed: Feed, position: Position): Promise<Batch | undefined> {
    const schema = feed.shape.schema;
    const next = await inSchemaOf(this.services, schema, (db) => nextChanges(db, schema, position, feed.where));
    if (!next) return undefined;
    const last = next.found.at(-1);
    if (!last) return { position: next.position, data: undefined, lastId: null };
    const data = await this.frames.events(feed.model, feed.shape, next.found);
    return { position: next.position, data, lastId: last.id };
  }
}
