/**
 * Ports before start-up: whether something listens on one, and a free one. Asking is done by
 * connecting, never by listening there: a probe that listens opens the port before start-up is
 * done, and a client connecting in that moment holds the probe's close (and start-up) until it hangs up.
 */
import { connect, createServer } from 'node:net';

/** The address a client reaches a server on HOST by (the wildcard addresses mean this machine). */
function reachable(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}

/**
 * Whether something accepts connections on host:port. A refusal, an address that is not this machine's,
 * or no answer within the deadline count as free: the listen that follows reports what is really wrong.
 */
export function listening(port: number, host: string, deadlineMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: reachable(host) });
    const settle = (taken: boolean) => {
      socket.destroy();
      resolve(taken);
    };
    socket.setTimeout(deadlineMs, () => settle(false));
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
  });
}

/** A port nothing listens on now (the system's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no free port'))));
    });
  });
}
