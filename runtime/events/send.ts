/**
 * One attempt of a webhook delivery: the request sent, the answer's status and the first
 * KEPT_RESPONSE_BYTES of its body. The attempt has a deadline, not an idle timeout: it ends
 * `timeoutMs` after it began (name lookup, connection, TLS, sending, headers and body all count),
 * however the receiver spaces its bytes. Reading stops once the kept bytes are in: a receiver that
 * answers with 1 GiB is hung up on after its first KiB.
 */
import http from 'node:http';
import https from 'node:https';
import { StringDecoder } from 'node:string_decoder';

/** The bytes of an answer's body an attempt keeps (its `response`); the rest is not read. */
export const KEPT_RESPONSE_BYTES = 1024;

/** A webhook's request as rendered, sent as it is on every attempt. */
export interface Outgoing {
  readonly url: URL;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** How a request is sent: its TLS checks (with the webhook's own CA, if any) and how long an attempt may take. */
export interface Transport {
  readonly tls: { readonly verify: boolean; readonly ca?: Buffer };
  readonly timeoutMs: number;
}

export interface Answer {
  readonly status: number;
  /** the first KEPT_RESPONSE_BYTES of the body, as UTF-8 (a character cut in two is left out) */
  readonly body: string;
}

export function send({ url, method, headers, body }: Outgoing, { tls, timeoutMs }: Transport): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const options: https.RequestOptions = {
      method,
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      ...(secure ? { rejectUnauthorized: tls.verify, ...(tls.ca ? { ca: tls.ca } : {}) } : {}),
    };
    // what the attempt was doing, for the message of one that ran out of time
    const done = { connected: false, sent: false, answered: false };
    const phase = () =>
      !done.connected
        ? 'connecting'
        : !done.sent
          ? 'sending the request'
          : !done.answered
            ? 'waiting for the answer'
            : 'reading the answer';
    let settled = false;
    const settle = (end: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      end();
    };
    const req = (secure ? https : http).request(url, options, (res) => {
      done.answered = true;
      const kept: Buffer[] = [];
      let size = 0;
      const answered = () =>
        settle(() => {
          // whatever the receiver still sends is not read
          if (!res.complete) req.destroy();
          resolve({ status: res.statusCode ?? 0, body: new StringDecoder('utf8').write(Buffer.concat(kept)) });
        });
      res.on('data', (d: Buffer) => {
        if (size < KEPT_RESPONSE_BYTES) kept.push(d.subarray(0, KEPT_RESPONSE_BYTES - size));
        size += d.length;
        if (size >= KEPT_RESPONSE_BYTES) answered();
      });
      res.on('end', answered);
      res.on('error', (e) => settle(() => reject(e)));
    });
    const deadline = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms ${phase()}`)), timeoutMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) done.connected = true;
      else socket.once(secure ? 'secureConnect' : 'connect', () => (done.connected = true));
    });
    req.on('finish', () => (done.sent = true));
    req.on('error', (e) => settle(() => reject(e)));
    req.end(method === 'GET' ? undefined : body);
  });
}
