/** A real HTTP receiver on 127.0.0.1 for webhook tests, with scripted answers. */
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** status codes to answer, in order; afterwards 200 */
  script(statuses: number[]): void;
  /** hold each answer this long (the request is recorded on arrival) */
  delay(ms: number): void;
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let statuses: number[] = [];
  let hold = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      received.push({
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      setTimeout(() => {
        res.writeHead(status, { 'Content-Type': 'text/plain' });
        res.end(status < 300 ? 'ok' : 'nope');
      }, hold);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const a = server.address();
  const port = typeof a === 'object' && a ? a.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script(s) {
      statuses = [...s];
    },
    delay(ms) {
      hold = ms;
    },
    async waitFor(n, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
