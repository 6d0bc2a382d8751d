/**
 * Whole answers a verdict gives (a request of introspection alone, check.ts): the same for every request
 * with that verdict, so their bytes are made once, and gzipped once for the clients that accept it (the
 * full introspection answer is 1.7 MB of JSON, 70 KB gzipped: fifty GraphiQLs opening at once are sent 3.5 MB,
 * not 85). Compression runs on libuv's threads, not the one serving requests.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

export interface GraphqlAnswer {
  readonly body: string | Uint8Array<ArrayBuffer>;
  /** the body is gzipped (Content-Encoding: gzip) */
  readonly gzipped?: boolean;
}

interface Made {
  readonly plain: Uint8Array<ArrayBuffer>;
  readonly gzipped: Promise<Uint8Array<ArrayBuffer>>;
}

const zip = promisify(gzip);
const made = new WeakMap<object, Made>();

/** Whether an Accept-Encoding header accepts gzip (not refused with q=0). */
export const acceptsGzip = (header: string | undefined) =>
  /(?:^|,)\s*(?:gzip|\*)\s*(?:,|$|;\s*q=(?!0(?:\.0*)?\s*(?:,|$)))/i.test(header ?? '');

/** The answer `text` of the verdict `key`, gzipped when `gzip`. */
export async function wholeAnswer(key: object, text: string, gzip: boolean): Promise<GraphqlAnswer> {
  let m = made.get(key);
  if (!m) {
    const plain = Buffer.from(text);
    m = { plain, gzipped: zip(plain) as Promise<Uint8Array<ArrayBuffer>> };
    made.set(key, m);
  }
  return gzip ? { body: await m.gzipped, gzipped: true } : { body: m.plain };
}
