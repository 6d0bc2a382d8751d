/**
 * One Server-Sent Events response, written straight to Node's socket so that what the client has not
 * taken yet is known (`unsent`): events (`id:`, `event:`, `data:`), comments (heartbeats), and the last
 * word (`event: disconnect` with the id to resume from) before the response ends. A response that has
 * ended and is still not taken after `flushMs` is cut off.
 */
import type { ServerResponse } from 'node:http';

export class EventStream {
  /** the id of the last event written */
  lastId: number | null = null;
  lastWrite = Date.now();
  private ended = false;

  constructor(private readonly res: ServerResponse) {}

  get closed(): boolean {
    return this.ended || this.res.destroyed || this.res.writableEnded;
  }

  /** bytes written that the client has not taken yet (those Node still holds) */
  get unsent(): number {
    return this.res.writableLength;
  }

  /** Until the client has taken what was written, or `ms` pass: whether it did. */
  drained(ms: number): Promise<boolean> {
    if (this.res.writableLength === 0 || this.closed) return Promise.resolve(!this.closed);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.res.off('drain', onDrain);
        this.res.off('close', onClose);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      const timer = setTimeout(() => done(this.res.writableLength === 0), ms);
      this.res.on('drain', onDrain);
      this.res.on('close', onClose);
    });
  }

  /** Runs `fn` once, when the client goes away. */
  onClose(fn: () => void): void {
    this.res.once('close', fn);
  }

  private write(text: string | Buffer): void {
    if (this.closed) return;
    this.res.write(text);
    this.lastWrite = Date.now();
  }

  /**
   * A batch of events, written at once (a bulk write's thousands of events cost a few writes; the streams
   * of one feed write the same bytes), the last one's id `lastId`.
   */
  events(data: Buffer, lastId: number): void {
    this.write(data);
    this.lastId = lastId;
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  /** Ends the response with a last event (none when the client is gone); cut off if not taken in `flushMs`. */
  end(type: string | null, data: Record<string, unknown>, flushMs: number): void {
    if (this.closed) return;
    if (type) this.write(`event: ${type}\ndata: ${JSON.stringify({ ...data, last_event_id: this.lastId })}\n\n`);
    this.ended = true;
    this.res.end();
    const cut = setTimeout(() => this.res.destroy(), flushMs);
    cut.unref();
    this.res.once('close', () => clearTimeout(cut));
  }
}
