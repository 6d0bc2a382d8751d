/**
 * `npm ci` runs this (postinstall): it mends a fault of postgres.js 3.4.9 in node_modules, both its ES module
 * and CommonJS copies, until a release carries the fix (porsager/postgres #1154, #1208; the guard of #1209).
 *
 * A write of under 1 KB waits for setImmediate. When the connection's socket closes before that fires, the
 * write finds no socket and throws from the immediate, where no caller can catch it: the process exits. A
 * reserved connection (the change stream's sequencer holds one for its lock) meets it every time its
 * backend goes away, so a PostgreSQL restart took the server down. And a close cancels the pending write
 * without forgetting it, so a pooled connection's later small writes were never sent. Mended: a close
 * forgets the pending write, and a write with no socket fails its queries with CONNECTION_CLOSED and
 * hands the connection back as closed (a reserved one is released into the open ones, socket or not):
 * the pool connects it again before its next use, and ending the pool does not wait for it.
 *
 * Each replacement must match exactly once (or be there already): another version of the driver stops
 * the install with a message rather than run unmended.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const EXPECTED = '3.4.9';
const MARK = '/* mended: scripts/patch-postgres.ts */';
const CLEAR = '    clearImmediate(nextWriteTimer)\n';
const FORGET = `${CLEAR}    chunk = nextWriteTimer = null\n`;

const replacements: readonly (readonly [string, string])[] = [
  [
    'function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      chunk = nextWriteTimer = null\n` +
      "      const err = Errors.connection('CONNECTION_CLOSED', options)\n" +
      '      error(err)\n      query = null\n      onclose(connection, err)\n      return false\n    }\n' +
      '    const x = socket.write(chunk, fn)',
  ],
  // terminate() and closed(): cancelling the pending write forgets it too
  [`${CLEAR}    if (socket) {`, `${FORGET}    if (socket) {`],
  [`${CLEAR}    socket.removeListener('data', data)`, `${FORGET}    socket.removeListener('data', data)`],
];

function mend(file: string): void {
  let text = readFileSync(file, 'utf8');
  if (text.includes(MARK)) return;
  for (const [from, to] of replacements) {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0)
      throw new Error(`${file}: the text to mend is not there once (${from.split('\n')[0].trim()})`);
    text = text.replace(from, to);
  }
  writeFileSync(file, text);
}

// the package's exports do not include its package.json: found beside this folder
const root = fileURLToPath(new URL('../node_modules/postgres/', import.meta.url));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
if (version !== EXPECTED) {
  console.error(`scripts/patch-postgres.ts mends postgres ${EXPECTED}; ${version} is installed: check it and update`);
  process.exit(1);
}
for (const file of ['src/connection.js', 'cjs/src/connection.js']) mend(join(root, file));
