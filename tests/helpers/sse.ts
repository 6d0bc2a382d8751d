/**
 * A Server-Sent Events client over plain node:http for the stream tests: it parses events and comments
 * as they arrive, can stop reading (a stalled client: its socket is paused, so the server's writes pile
 * up) and read on, and reports the answer's status, headers and end.
 */
import http from 'node:http';

export interface SseEvent {
  readonly id: string | undefined;
  readonly event: string | undefined;
  readonly data: string;
  /** when it was read */
  readonly at: number;
}

export interface SseClient {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** the body of an answer that is not a stream */
  readonly text: string;
  readonly events: SseEvent[];
  readonly comments: string[];
  /** resolves when the server ends the response (or the connection breaks) */
  readonly ended: Promise<void>;
  /** the `data` of the events of this type, parsed */
  json(type?: string): any[];
  waitFor(test: (c: SseClient) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  pause(): void;
  resume(): void;
  close(): void;
}

/** Takes the complete events and comments out of `buffer` into the lists; returns what is left (incomplete). */
export function parseEvents(buffer: string, events: SseEvent[], comments: string[]): string {
  let end: number;
  while ((end = buffer.indexOf('\n\n')) >= 0) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else {
        const i = line.indexOf(':');
        const [k, v] = i < 0 ? [line, ''] : [line.slice(0, i), line.slice(i + 1).replace(/^ /, '')];
        fields[k] = fields[k] !== undefined && k === 'data' ? `${fields[k]}\n${v}` : v;
      }
    }
    if (fields.data !== undefined)
      events.push({ id: fields.id, event: fields.event, data: fields.data, at: Date.now() });
  }
  return buffer;
}

export function openStream(base: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      let buffer = '';
      let text = '';
      let isEnded = false;
      const ended = new Promise<void>((done) => {
        res.on('end', () => ((isEnded = true), done()));
        res.on('close', () => ((isEnded = true), done()));
        res.on('error', () => ((isEnded = true), done()));
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!String(res.headers['content-type']).startsWith('text/event-stream')) {
          text += chunk;
          return;
        }
        buffer = parseEvents(buffer + chunk, events, comments);
      });
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get text() {
          return text;
        },
        events,
        comments,
        ended,
        json: (type) => events.filter((e) => type === undefined || e.event === type).map((e) => JSON.parse(e.data)),
        async waitFor(test, timeoutMs = 30_000, what = 'the stream') {
          const until = Date.now() + timeoutMs;
          while (!test(client)) {
            if (Date.now() > until)
              throw new Error(`timed out waiting for ${what}: ${events.length} events, ended ${isEnded}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
        pause: () => res.pause(),
        resume: () => res.resume(),
        close: () => req.destroy(),
      };
      // a non-stream answer is read whole first
      if (!String(res.headers['content-type']).startsWith('text/event-stream')) void ended.then(() => resolve(client));
      else resolve(client);
    });
    req.on('error', reject);
  });
}
