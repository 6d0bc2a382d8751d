/**
 * Requests Node's HTTP parser refuses before any route sees them — headers or URL too large, a
 * malformed request line, a client too slow to send its request — answered as JSON like every
 * other error (Node's default is an empty body), and the request timeout applied.
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

export function configureHttpServer(server: Server, requestTimeoutMs: number): void {
  // a client that takes longer than the request timeout to send its request is cut off (408)
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = Math.min(server.headersTimeout, requestTimeoutMs);
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
