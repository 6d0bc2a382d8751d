/** `npm run webhook-receiver`: listens, prints each request's method, path, headers and body. */
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/process.ts';

const children: ReturnType<typeof spawn>[] = [];
afterAll(() => children.forEach((c) => c.kill()));

describe('webhook receiver', () => {
  it('prints what it receives and answers 200', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/webhook-receiver.ts', '--port', String(port)]);
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    while (!out.includes('Listening')) await new Promise((r) => setTimeout(r, 50));
    const r = await fetch(`http://127.0.0.1:${port}/some/path`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hook-Signature': 'abc' },
      body: '{"event":"created"}',
    });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('Webhook received!\n');
    while (!out.includes('Completed request #1')) await new Promise((r2) => setTimeout(r2, 50));
    expect(out).toContain('"POST /some/path HTTP/1.1" 200');
    expect(out).toContain('X-Hook-Signature: abc');
    expect(out).toContain('"event": "created"');
  });
});
