/**
 * The soak's abusive requests (issue 34, and the earlier ones of tests/faults/never-hang.test.ts):
 * GraphQL fragments spreading the next four times, twelve deep (about 700 bytes that expand to 4^12
 * fields); 5 MB of one field repeated; 10,000 aliases; 50 introspection queries at once; a million
 * repeated tags in one write; a body that is not UTF-8; bodies sent a byte a second; and webhook
 * receivers that trickle their answers. Each is sent again and again while the phase lasts; what
 * matters is how the normal traffic beside them fares (run.ts), and that each got an answer.
 */
import { connect as tcp } from 'node:net';
import { getIntrospectionQuery } from 'graphql';
import { startSlowReceivers, type SlowReceivers } from './slow-receiver.ts';
import { alone } from './calls.ts';

/** The GraphQL operations, each a POST body of /graphql/. */
export function fragmentSpreads(levels = 12, spreads = 4): string {
  const f = Array.from(
    { length: levels },
    (_, i) =>
      `fragment F${i} on SiteType { ${Array(spreads)
        .fill(`...F${i + 1}`)
        .join(' ')} }`,
  );
  return `query { site_list { ...F0 } } ${f.join(' ')} fragment F${levels} on SiteType { id }`;
}

export const repeatedField = (bytes = 5 * 1024 * 1024) =>
  `query { site_list { ${'id '.repeat(Math.floor(bytes / 3))} } }`;

export const aliases = (n = 10_000) =>
  `query { ${Array.from({ length: n }, (_, i) => `a${i}: site_list { id }`).join(' ')} }`;

/** One abusive request's outcome: its status (0: no answer in time) and how long it took. */
export interface AbuseAnswer {
  readonly kind: string;
  readonly status: number;
  readonly ms: number;
}

/** A POST on a connection of its own: its status, 0 when no answer came within `timeoutMs`. */
const request = (url: URL, headers: Record<string, string>, body: string | Buffer, timeoutMs: number) =>
  alone(url, 'POST', headers, typeof body === 'string' ? Buffer.from(body) : body, timeoutMs);

/** A write whose body arrives one byte a second, until stopped (the function it returns). */
export function trickleBody(url: URL, token: string, body: string): () => void {
  const socket = tcp(Number(url.port), url.hostname);
  let i = 0;
  const timer = setInterval(() => {
    if (i < body.length && !socket.destroyed) socket.write(body[i++]!);
  }, 1000);
  socket.on('error', () => {});
  socket.write(
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Token ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  return () => {
    clearInterval(timer);
    socket.destroy();
  };
}

export interface AbuseOptions {
  readonly url: string;
  readonly token: string;
  /** an abusive request sent every this many ms, in turn (default 500) */
  readonly everyMs?: number;
  /** how long one may take before it counts as unanswered (default 30 s) */
  readonly timeoutMs?: number;
}

export interface Abuse {
  /** stops sending */
  halt(): void;
  /** stops sending, waits for the answers still out, and closes the slow bodies and receivers */
  stop(): Promise<readonly AbuseAnswer[]>;
}

const json = (body: unknown) => JSON.stringify(body);

/** Every abusive request, in the order they are sent: each resolves with its status. */
function kinds(o: AbuseOptions, tag: number): [string, () => Promise<number>][] {
  const timeout = o.timeoutMs ?? 30_000;
  const headers = { Authorization: `Token ${o.token}`, 'Content-Type': 'application/json' };
  const at = (path: string) => new URL(path, o.url);
  const graphql = (query: string) => () => request(at('/graphql/'), headers, json({ query }), timeout);
  const introspection = json({ query: getIntrospectionQuery() });
  const tags = `{"name":"tags","slug":"tags","tags":[${Array(1_000_000).fill(tag).join(',')}]}`;
  const notUtf8 = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('","slug":"cafe"}')]);
  let tenant = 0;
  return [
    ['fragment spreads', graphql(fragmentSpreads())],
    ['5 MB repeated field', graphql(repeatedField())],
    ['10,000 aliases', graphql(aliases())],
    [
      '50 introspection queries at once',
      async () => {
        const all = await Promise.all(
          Array.from({ length: 50 }, () => request(at('/graphql/'), headers, introspection, timeout)),
        );
        return all.includes(0) ? 0 : Math.max(...all);
      },
    ],
    ['a million repeated tags', () => request(at('/api/dcim/sites/'), headers, tags, timeout)],
    ['a body not UTF-8', () => request(at('/api/dcim/sites/'), headers, notUtf8, timeout)],
    // fires the webhooks of the trickling receivers (a tenant: no site the soak counts)
    [
      'a change for trickling receivers',
      () =>
        request(
          at('/api/tenancy/tenants/'),
          headers,
          json({ name: `abuse-${++tenant}`, slug: `abuse-${tenant}-${Date.now()}` }),
          timeout,
        ),
    ],
  ];
}

/** The object types the abuse changes (so the soak can tell its change records from the clients'). */
const ABUSE_TYPES = ['tenancy.tenant', 'extras.webhook', 'extras.eventrule', 'extras.tag'];

async function api(o: AbuseOptions, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(new URL(path, o.url), {
    method,
    headers: { Authorization: `Token ${o.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : json(body),
    signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const abuseChanges = async (o: AbuseOptions) =>
  (
    await api(
      o,
      'GET',
      `/api/core/object-changes/?limit=1&${ABUSE_TYPES.map((t) => `changed_object_type=${t}`).join('&')}`,
    )
  ).count as number;

/** 32 trickling receivers with a webhook each, fired when a tenant is created. */
async function slowHooks(o: AbuseOptions): Promise<{ receivers: SlowReceivers; remove(): Promise<void> }> {
  const receivers = await startSlowReceivers(32, { kind: 'trickle', status: 200, bytes: 8, everyMs: 250 });
  const hooks = (await api(
    o,
    'POST',
    '/api/extras/webhooks/',
    receivers.urls.map((payload_url, i) => ({ name: `soak-trickling-${i}-${Date.now()}`, payload_url })),
  )) as { id: number }[];
  const rules = (await api(
    o,
    'POST',
    '/api/extras/event-rules/',
    hooks.map((h) => ({
      name: `soak-trickling-${h.id}`,
      object_types: ['tenancy.tenant'],
      event_types: ['object_created'],
      action_type: 'webhook',
      action_object_type: 'extras.webhook',
      action_object_id: h.id,
    })),
  )) as { id: number }[];
  return {
    receivers,
    async remove() {
      try {
        await api(
          o,
          'DELETE',
          '/api/extras/event-rules/',
          rules.map((r) => ({ id: r.id })),
        );
        await api(
          o,
          'DELETE',
          '/api/extras/webhooks/',
          hooks.map((h) => ({ id: h.id })),
        );
      } finally {
        // attempts still out end at once
        await receivers.close();
      }
    },
  };
}

/**
 * Makes ready the abuse: the receivers and their webhooks, and a tag to repeat. `start` sends 20
 * bodies a byte a second (to a write that would be refused, so none ever creates anything) and an
 * abusive request every `everyMs`; `changes` counts the change records the abuse made.
 */
export async function prepareAbuse(
  o: AbuseOptions,
): Promise<Abuse & { readonly answers: readonly AbuseAnswer[]; start(): void; changes(): Promise<number> }> {
  const changesBefore = await abuseChanges(o);
  const slug = `soak-many-${Date.now()}`;
  const tag = (await api(o, 'POST', '/api/extras/tags/', { name: slug, slug })).id as number;
  const hooks = await slowHooks(o);
  const list = kinds(o, tag);
  const answers: AbuseAnswer[] = [];
  const out = new Set<Promise<void>>();
  let slowBodies: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let turn = 0;
  const next = () => {
    const [kind, send] = list[turn++ % list.length]!;
    const started = performance.now();
    const p = send().then((status) => {
      answers.push({ kind, status, ms: Math.round(performance.now() - started) });
      out.delete(p);
    });
    out.add(p);
  };
  return {
    start() {
      const body = json({ name: 'slow-body', padding: ' '.repeat(4096) });
      slowBodies = Array.from({ length: 20 }, () => trickleBody(new URL('/api/dcim/sites/', o.url), o.token, body));
      next();
      timer = setInterval(next, o.everyMs ?? 500);
    },
    halt() {
      clearInterval(timer);
    },
    async stop() {
      clearInterval(timer);
      await Promise.all(out);
      for (const stop of slowBodies) stop();
      await hooks.remove();
      return answers;
    },
    answers,
    changes: async () => (await abuseChanges(o)) - changesBefore,
  };
}
