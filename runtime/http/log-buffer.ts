/**
 * Standard output written in batches. Writing to a file or a pipe is synchronous in Node on Linux, so
 * a line per request written at once is a system call per request (measured: a tenth of a millisecond
 * of the server's CPU for each detail GET, about 15 % of it). Lines wait here at most FLUSH_MS, or
 * until BATCH_BYTES of them wait, and are written together; whatever waits is written when the
 * process exits, however it exits short of being killed. A log reader that goes away (a closed pipe)
 * no longer ends the server with an unhandled EPIPE, as a line written by `console.log` did.
 */
const FLUSH_MS = 50;
const BATCH_BYTES = 64 * 1024;

let lines: string[] = [];
let bytes = 0;
let timer: NodeJS.Timeout | undefined;

function flush(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (!lines.length) return;
  const text = lines.join('');
  lines = [];
  bytes = 0;
  if (!closed) process.stdout.write(text);
}

/** standard output's reader went away (a closed pipe): the lines go nowhere, and the server goes on */
let closed = false;
// from the server's start, not from its first line: any output to a closed pipe would end it
process.on('exit', flush);
process.stdout.on('error', () => {
  closed = true;
});

/** Writes one line (a newline is added) to standard output, soon. */
export function logLine(line: string): void {
  lines.push(line + '\n');
  bytes += line.length + 1;
  if (bytes >= BATCH_BYTES) return flush();
  timer ??= setTimeout(flush, FLUSH_MS).unref();
}
