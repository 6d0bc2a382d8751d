/**
 * Requests Node's HTTP parser refuses before any route sees them — headers or URL too large, a
 * malformed request line, a client too slow to send its request — answered as JSON like every
 * other error (Node's default is an empty body), and the request and keep-alive timeouts applied.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

function answer(socket: Duplex, status: number, reason: string, detail: string): void {
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ` +
      `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function configureHttpServer(
  server: Server,
  timeouts: { readonly requestTimeoutMs: number; readonly keepAliveTimeoutMs: number },
): void {
  // a client that takes longer than the request timeout to send its request is cut off (408)
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.headersTimeout = Math.min(server.headersTimeout, timeouts.requestTimeoutMs);
  // Node's 5 s would close idle sockets before the clients do (proxies keep theirs 60–75 s, and a client
  // whose event loop is busy for seconds reuses a socket the server closed meanwhile: its next request is
  // reset before the server sees it); the answer's Keep-Alive header tells clients the timeout
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    if (err.code === 'HPE_HEADER_OVERFLOW')
      answer(
        socket,
        431,
        'Request Header Fields Too Large',
        'The request line or headers are too large (the URL of a list with many filters can be sent as several ' +
          'shorter requests).',
      );
    else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      answer(socket, 408, 'Request Timeout', 'The request was not received within the request timeout.');
    else answer(socket, 400, 'Bad Request', `Malformed HTTP request: ${err.code ?? err.message}.`);
  });
}
