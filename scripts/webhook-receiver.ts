/**
 * `npm run webhook-receiver [-- --port 9000]` (also `npm run manage -- webhook_receiver`): a local listener for
 * testing webhooks. Prints each request's method, path, headers and body, answers 200, and does nothing else.
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { command, CommandError, runOne, type Values } from './cli.ts';

const options = {
  port: { type: 'string', value: 'PORT', default: '9000', help: 'the port to listen on' },
  host: { type: 'string', value: 'HOST', default: '127.0.0.1', help: 'the address to listen on' },
  'no-headers': { type: 'boolean', help: 'print requests without their headers' },
} as const;

/** Listens until stopped (Ctrl-C); the returned promise settles when the server closes. */
async function receive(values: Values<typeof options>): Promise<void> {
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

  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CommandError(`webhook_receiver: --port takes a port number (0 to 65535), not "${values.port}"`);
  return new Promise((resolve, reject) => {
    server.once('error', (e) =>
      reject(new CommandError(`webhook_receiver: cannot listen on ${values.host}:${port}: ${e.message}`)),
    );
    server.once('close', resolve);
    server.listen(port, values.host, () => {
      console.log(`Listening on port http://${values.host}:${values.port}. Stop with CONTROL-C.`);
    });
  });
}

export const webhookReceiver = command({
  name: 'webhook_receiver',
  summary: 'print every request received (a local listener for testing webhooks), answering 200',
  options,
  run: receive,
});

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = await runOne('npm run webhook-receiver --', webhookReceiver, process.argv.slice(2));
