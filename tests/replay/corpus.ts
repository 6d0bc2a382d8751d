/**
 * The NetBox 4.6.8 conformance corpus (tests/fixtures/netbox-4.6.8.jsonl.gz, copied from
 * ../shared/netbox-corpus/, whose README describes it): one recorded HTTP exchange per line, in
 * replay order. Read here into typed records.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export const CORPUS_FILE = 'tests/fixtures/netbox-4.6.8.jsonl.gz';

/** The parts of the corpus, in replay order. */
export const PARTS = ['deploy', 'reads', 'filters', 'errors', 'changelog', 'webhooks', 'branching'] as const;
export type Part = (typeof PARTS)[number];

/** A webhook delivery the recorder's listener received. */
export interface RecordedDelivery {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  /** whether X-Hook-Signature was valid; null when the header was absent */
  readonly signature_valid: boolean | null;
}

/** A request repeated every 0.5 s until the dotted `field` holds one of `in`, or `timeout_s` passed. */
export interface Poll {
  readonly field: string;
  readonly in: readonly string[];
  readonly timeout_s: number;
}

export interface CorpusRecord {
  readonly seq: number;
  readonly part: Part;
  readonly method: string;
  readonly path: string;
  readonly request_headers: Record<string, string>;
  readonly auth: 'token' | 'none' | 'bad-token' | 'literal';
  readonly request_body: unknown;
  readonly status: number;
  readonly response_headers: Record<string, string>;
  readonly response_body: unknown;
  readonly poll?: Poll;
  readonly received?: readonly RecordedDelivery[];
  readonly error?: string;
}

/** Every record of the corpus, in replay order (checked: seq 1…n without gaps). */
export function readCorpus(file = CORPUS_FILE): CorpusRecord[] {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const records = lines.filter((l) => l.trim()).map((l) => JSON.parse(l) as CorpusRecord);
  records.forEach((r, i) => {
    if (r.seq !== i + 1) throw new Error(`corpus record ${i + 1} has seq ${r.seq}`);
    if (!(PARTS as readonly string[]).includes(r.part)) throw new Error(`corpus record ${r.seq}: part ${r.part}`);
  });
  return records;
}
