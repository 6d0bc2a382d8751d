/**
 * Webhook receivers that misbehave, as a real HTTP server answers: a body trickled a few bytes at a
 * time (up to 1 GiB), a body sent as fast as the client reads it, headers trickled byte by byte, no
 * answer at all, or a redirect. Each answer counts the bytes the client accepted and when its
 * connection closed, so a test or the soak sees whether the client hung up and how much it read.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type Misbehaviour =
  | { readonly kind: 'trickle'; readonly status: number; readonly bytes: number; readonly everyMs: number }
  | { readonly kind: 'flood'; readonly status: number }
  | { readonly kind: 'slow-headers'; readonly everyMs: number }
  | { readonly kind: 'silent' }
  | { readonly kind: 'redirect'; readonly location: string };

/** What a trickled or flooded body claims to be: 1 GiB. */
export const BODY_BYTES = 1024 ** 3;

/** One answer: when its request arrived, the bytes written to the client, and when its connection closed. */
export interface AnswerTrace {
  readonly at: number;
  sent: number;
  closedAt: number | undefined;
}

const chunk = Buffer.alloc(64 * 1024, 'x');

/** Writes BODY_BYTES in pieces of at most `bytes`, one piece every `everyMs` (0: as fast as the client reads). */
function pour(res: ServerResponse, trace: AnswerTrace, bytes: number, everyMs: number): void {
  let left = BODY_BYTES;
  const next = () => {
    while (left > 0 && trace.closedAt === undefined) {
      const piece = chunk.subarray(0, Math.min(bytes, left, chunk.length));
      left -= piece.length;
      trace.sent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', next);
        return;
      }
      if (everyMs > 0) {
        setTimeout(next, everyMs);
        return;
      }
    }
  };
  next();
}

/** Answers one request as `how` says; the trace is filled in as the answer goes. */
export function misbehave(how: Misbehaviour, req: IncomingMessage, res: ServerResponse): AnswerTrace {
  const trace: AnswerTrace = { at: Date.now(), sent: 0, closedAt: undefined };
  const socket = req.socket;
  socket.once('close', () => (trace.closedAt = Date.now()));
  socket.on('error', () => {});
  switch (how.kind) {
    case 'trickle':
    case 'flood':
      res.writeHead(how.status, { 'Content-Type': 'text/plain', 'Content-Length': String(BODY_BYTES) });
      res.flushHeaders();
      if (how.kind === 'trickle') pour(res, trace, how.bytes, how.everyMs);
      else pour(res, trace, chunk.length, 0);
      break;
    case 'slow-headers': {
      // written on the socket itself, a byte at a time: the status line and headers never complete
      const head = Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n${'X-Padding: slow\r\n'.repeat(9999)}`);
      let at = 0;
      const timer = setInterval(() => {
        if (trace.closedAt !== undefined || at >= head.length) return clearInterval(timer);
        socket.write(head.subarray(at, ++at));
        trace.sent++;
      }, how.everyMs);
      break;
    }
    case 'silent':
      break;
    case 'redirect':
      res.writeHead(302, { Location: how.location, 'Content-Length': '0' });
      res.end();
      break;
  }
  return trace;
}

export interface SlowReceivers {
  readonly urls: readonly string[];
  /** every answer so far, in order of arrival */
  readonly traces: readonly AnswerTrace[];
  close(): Promise<void>;
}

/** `n` receivers on 127.0.0.1, each answering every request as `how` says. */
export async function startSlowReceivers(n: number, how: Misbehaviour): Promise<SlowReceivers> {
  const traces: AnswerTrace[] = [];
  const sockets = new Set<Socket>();
  const servers = await Promise.all(
    Array.from({ length: n }, async () => {
      const server = createServer((req, res) => {
        req.resume();
        req.on('end', () => traces.push(misbehave(how, req, res)));
      });
      server.on('connection', (s) => {
        sockets.add(s);
        s.once('close', () => sockets.delete(s));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      return server;
    }),
  );
  const urls = servers.map((s) => {
    const a = s.address();
    return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`;
  });
  return {
    urls,
    traces,
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}
