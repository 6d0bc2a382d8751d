/**
 * The replacements a replay makes in requests (corpus README, "Replaying"): `{listener}` in bodies,
 * branch schema ids learnt from responses (in paths, header values and bodies), and job ids learnt
 * from responses (in `/api/core/jobs/<id>/` paths).
 */
import type { CorpusRecord } from './corpus.ts';

export class Substitutions {
  private readonly schemaIds = new Map<string, string>();
  private readonly jobIds = new Map<number, number>();

  constructor(private readonly listener: string) {}

  /** Learns from one exchange: the recorded response and ours to the same request. */
  learn(recorded: unknown, ours: unknown): void {
    const rec = schemaIdOf(recorded);
    const live = schemaIdOf(ours);
    if (rec !== undefined && live !== undefined && rec !== live) this.schemaIds.set(rec, live);
    const recJob = jobIdOf(recorded);
    const liveJob = jobIdOf(ours);
    if (recJob !== undefined && liveJob !== undefined) this.jobIds.set(recJob, liveJob);
  }

  path(path: string): string {
    let out = this.strings(path);
    out = out.replace(/\/api\/core\/jobs\/(\d+)\//g, (whole, id: string) => {
      const ours = this.jobIds.get(Number(id));
      return ours === undefined ? whole : `/api/core/jobs/${ours}/`;
    });
    return out;
  }

  header(value: string): string {
    return this.strings(value);
  }

  body(body: unknown): unknown {
    if (typeof body === 'string') return this.strings(body.split('{listener}').join(this.listener));
    if (Array.isArray(body)) return body.map((v) => this.body(v));
    if (body && typeof body === 'object')
      return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, this.body(v)]));
    return body;
  }

  /** The request headers to send for a record (auth per the record's `auth`, ids substituted). */
  headers(record: CorpusRecord, token: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(record.request_headers)) {
      if (name.toLowerCase() === 'authorization') continue;
      out[name] = this.header(value);
    }
    if (record.auth === 'token') out.Authorization = `Token ${token}`;
    else if (record.auth === 'bad-token' || record.auth === 'literal') {
      const given = Object.entries(record.request_headers).find(([k]) => k.toLowerCase() === 'authorization');
      if (given) out.Authorization = given[1];
    }
    return out;
  }

  private strings(s: string): string {
    let out = s;
    for (const [rec, live] of this.schemaIds) out = out.split(rec).join(live);
    return out;
  }
}

function schemaIdOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const v = (body as Record<string, unknown>).schema_id;
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}

/** A response that is a job: an integer `id` with a `job_id` key, or with a job `url`. */
function jobIdOf(body: unknown): number | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const o = body as Record<string, unknown>;
  if (typeof o.id !== 'number') return undefined;
  if ('job_id' in o || (typeof o.url === 'string' && /\/api\/core\/jobs\/\d+\/$/.test(o.url))) return o.id;
  return undefined;
}
