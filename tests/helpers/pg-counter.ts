/**
 * A TCP proxy in front of PostgreSQL that counts what its clients send, by PostgreSQL's wire
 * protocol: statements (a simple Query, or an extended-protocol Execute) and round trips (a Query
 * or a Sync, each answered by ReadyForQuery). A server started on the proxy's URL is measured
 * from outside, as PostgreSQL sees it. Connections whose startup names an application in `ignore` are
 * passed through uncounted (a background loop of the process, no request's cost).
 */
import { createServer, connect as tcp, type Server, type Socket } from 'node:net';

export interface Counts {
  /** statements run: simple queries plus extended-protocol executes */
  statements: number;
  /** client → server exchanges that wait for an answer (Query or Sync) */
  roundTrips: number;
}

export interface PgCounter {
  /** the database URL to give the measured process */
  readonly url: string;
  /** `url` (any database on the same server) reached through the proxy */
  route(url: string): string;
  counts(): Counts;
  /** the text of each statement parsed or queried since the last reset (to say which ones) */
  texts(): string[];
  reset(): void;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** The application_name of a startup message (protocol 3.0: key and value pairs, each NUL-ended). */
function applicationName(message: Buffer): string | undefined {
  const parts = message.subarray(8).toString('utf8').split('\0');
  const at = parts.indexOf('application_name');
  return at >= 0 && at % 2 === 0 ? parts[at + 1] : undefined;
}

export async function startPgCounter(target: string, ignore: readonly string[] = []): Promise<PgCounter> {
  const upstream = new URL(target);
  const host = upstream.hostname;
  const port = Number(upstream.port || 5432);
  let counts: Counts = { statements: 0, roundTrips: 0 };
  let texts: string[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const db = tcp({ host, port });
    sockets.add(client).add(db);
    let startup = true;
    let counted = true;
    let pending: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      db.write(chunk);
      if (!counted) return;
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (startup) {
          // untyped: length, then the protocol code (an SSL or GSS request comes before the startup)
          if (pending.length < 8) break;
          const len = pending.readInt32BE(0);
          if (pending.length < len) break;
          const code = pending.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSS_REQUEST) {
            startup = false;
            counted = !ignore.includes(applicationName(pending.subarray(0, len)) ?? '');
            if (!counted) return;
          }
          pending = pending.subarray(len);
          continue;
        }
        if (pending.length < 5) break;
        const len = pending.readInt32BE(1);
        if (pending.length < len + 1) break;
        const type = String.fromCharCode(pending[0]!);
        if (type === 'Q' || type === 'P') {
          // Query: the text; Parse: the statement's name, then the text
          const body = pending.subarray(5, len + 1);
          const from = type === 'P' ? body.indexOf(0) + 1 : 0;
          texts.push(body.subarray(from, body.indexOf(0, from)).toString('utf8'));
        }
        if (type === 'Q') {
          counts.statements++;
          counts.roundTrips++;
        } else if (type === 'E') {
          counts.statements++;
        } else if (type === 'S') {
          counts.roundTrips++;
        }
        pending = pending.subarray(len + 1);
      }
    });
    db.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      db.destroy();
      sockets.delete(client);
      sockets.delete(db);
    };
    client.on('close', end).on('error', end);
    db.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: proxied.toString(),
    route(url) {
      const u = new URL(url);
      u.hostname = proxied.hostname;
      u.port = proxied.port;
      return u.toString();
    },
    counts: () => ({ ...counts }),
    texts: () => [...texts],
    reset() {
      counts = { statements: 0, roundTrips: 0 };
      texts = [];
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
