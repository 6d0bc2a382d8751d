/**
 * `npm run webhook-receiver [-- --port 9000]`: a local listener for testing webhooks. Prints each
 * request's method, path, headers and body, answers 200, and does nothing else.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9000' },
    host: { type: 'string', default: '127.0.0.1' },
    'no-headers': { type: 'boolean', default: false },
  },
});
let count = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const n = ++count;
    const body = Buffer.concat(chunks).toString('utf8');
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('Webhook received!\n');
    const lines = [
      `[${n}] ${new Date().toISOString()} ${req.socket.remoteAddress} "${req.method} ${req.url} ` +
        `HTTP/${req.httpVersion}" 200 -`,
    ];
    if (!values['no-headers']) {
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      lines.push('');
    }
    if (!body) lines.push('(No body)');
    else if ((req.headers['content-type'] ?? '').split(';')[0]!.trim() === 'application/json') {
      try {
        lines.push(JSON.stringify(JSON.parse(body), null, 4));
      } catch {
        lines.push(body);
      }
    } else lines.push(body);
    lines.push(`Completed request #${n}`, '------------');
    console.log(lines.join('\n'));
  });
});

server.listen(Number(values.port), values.host, () => {
  console.log(`Listening on port http://${values.host}:${values.port}. Stop with CONTROL-C.`);
});
