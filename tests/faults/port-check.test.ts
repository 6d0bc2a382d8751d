/**
 * The start-up's port check (runtime/ports.ts): it finds a port taken or free, and asks without opening it,
 * so a client knocking during the check is refused rather than let in to a server that is not there yet
 * (a check that listens lets it in, and then waits for it to hang up before start-up can go on).
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, listening } from '../../runtime/ports.ts';

let open: Server | undefined;
afterEach(() => {
  open?.close();
  open = undefined;
});

function listen(port: number, host: string): Promise<Server> {
  return new Promise((resolve) => {
    const s = createServer((socket) => socket.destroy());
    s.listen(port, host, () => resolve(s));
  });
}

/**
 * How each connection attempt to the port ended while `during` ran (each kind once). The knocking is done by
 * another process: in this one it could not fall between a check's steps.
 */
async function knocks(port: number, during: () => Promise<unknown>): Promise<string[]> {
  const script = `
    const net = require('node:net');
    const seen = new Set();
    let running = true;
    process.stdin.on('data', () => (running = false));
    const knock = () => {
      if (!running) return console.log(JSON.stringify([...seen]));
      const c = net.connect(${port}, '127.0.0.1');
      c.once('connect', () => { seen.add('connected'); c.destroy(); knock(); });
      c.once('error', (e) => { seen.add(e.code); knock(); });
    };
    knock();
    console.log('knocking');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  while (!out.includes('knocking')) await new Promise((r) => setTimeout(r, 5));
  await during();
  child.stdin.end('stop');
  await new Promise((r) => child.once('exit', r));
  return JSON.parse(out.split('\n')[1]!) as string[];
}

describe('listening', () => {
  it('is true for a port a server listens on, for its address and the wildcard, and false for a free one', async () => {
    const port = await freePort();
    expect(await listening(port, '127.0.0.1')).toBe(false);
    open = await listen(port, '127.0.0.1');
    expect(await listening(port, '127.0.0.1')).toBe(true);
    expect(await listening(port, '0.0.0.0')).toBe(true);
  });

  it('never opens the port it checks: a client knocking meanwhile is refused every time', async () => {
    const port = await freePort();
    const seen = await knocks(port, async () => {
      for (let i = 0; i < 2000; i++) expect(await listening(port, '127.0.0.1')).toBe(false);
    });
    expect(seen).toEqual(['ECONNREFUSED']);
  });
});
