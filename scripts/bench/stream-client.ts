/**
 * A change stream's client for the benchmark: reads `GET /api/core/object-changes/stream/` and notes when
 * each event arrives, as cheaply as it can (the clients share the machine with the server): the arrival
 * times of each action's events, and, for the events of one probe object type, the arrival by object id.
 */
import { request, type ClientRequest } from 'node:http';
import { TOKEN } from './harness.ts';

export interface StreamClient {
  /** events received, all told */
  readonly count: () => number;
  /** events received whose id had come before */
  readonly repeated: () => number;
  /** the change ids of the events, in the order they came */
  readonly ids: readonly number[];
  /** arrival times (performance.now()) of the events of each action, the probe type's aside */
  readonly arrivals: ReadonlyMap<string, number[]>;
  /** arrival time of the probe type's created events, by object id */
  readonly probes: ReadonlyMap<number, number>;
  /** the `disconnect` or `error` event the server ended the stream with, if it did */
  readonly ended: () => string | undefined;
  close(): void;
}

/** Opens a stream from now (or after change `since`); resolves once its headers and first comment have come. */
export function openStream(base: string, probeType: string, since?: number): Promise<StreamClient> {
  const arrivals = new Map<string, number[]>();
  const probes = new Map<number, number>();
  const marker = `"changed_object_type":"${probeType}"`;
  let count = 0;
  let repeated = 0;
  const seen = new Set<number>();
  const ids: number[] = [];
  let ended: string | undefined;
  let rest = '';
  let req: ClientRequest;
  const block = (text: string, at: number) => {
    const event = /^event: (.*)$/m.exec(text)?.[1];
    if (!event) return;
    if (event === 'disconnect' || event === 'error') {
      ended = text;
      return;
    }
    count++;
    const id = Number(/^id: (.*)$/m.exec(text)?.[1]);
    if (seen.has(id)) repeated++;
    seen.add(id);
    ids.push(id);
    if (text.includes(marker)) {
      const data = JSON.parse(/^data: (.*)$/m.exec(text)![1]!) as { changed_object_id: number };
      if (event === 'create') probes.set(data.changed_object_id, at);
      return;
    }
    const list = arrivals.get(event) ?? [];
    list.push(at);
    arrivals.set(event, list);
  };
  return new Promise((resolve, reject) => {
    const url = new URL(`/api/core/object-changes/stream/${since === undefined ? '' : `?since=${since}`}`, base);
    req = request(url, { headers: { Authorization: `Token ${TOKEN}`, Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream → ${res.statusCode}`));
      res.setEncoding('utf8');
      let ready = false;
      res.on('data', (chunk: string) => {
        const at = performance.now();
        const parts = (rest + chunk).split('\n\n');
        rest = parts.pop()!;
        for (const p of parts) block(p, at);
        if (!ready) {
          ready = true;
          resolve({
            count: () => count,
            repeated: () => repeated,
            ids,
            arrivals,
            probes,
            ended: () => ended,
            close: () => req.destroy(),
          });
        }
      });
      res.on('error', () => {});
    });
    req.on('error', (e) => (ended ? undefined : reject(e)));
    req.end();
  });
}
