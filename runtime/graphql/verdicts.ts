/**
 * Verdicts on requests already checked, by their text, operation name and variables: the schema and the
 * limits are fixed while the server runs, so the same request gets the same verdict, and a repeated query
 * (a client's, GraphiQL's introspection) is not checked again. A request being checked is shared by every
 * identical one that arrives meanwhile. The cache holds at most `maxBytes` of keys and answers, the least
 * recently used going first; a check that could not be done (a `transient` verdict) is not kept.
 */
import type { GraphqlRequest, Verdict } from './check.ts';

interface Entry {
  readonly verdict: Promise<Verdict>;
  bytes: number;
}

const keyOf = (r: GraphqlRequest) =>
  `${r.operationName ?? ''}\u0000${JSON.stringify(r.variables ?? null)}\u0000${r.query}`;

/** The size of a verdict in the cache (its texts, two bytes a character). */
function sizeOf(v: Verdict): number {
  if ('errors' in v) return 2 * JSON.stringify(v.errors).length;
  if ('answer' in v) return 2 * v.answer.length;
  let n = 0;
  for (const [k, json] of Object.entries(v.introspection)) n += 2 * (k.length + json.length);
  return n;
}

export class VerdictCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The verdict on the request: the cached one, or `check`'s. */
  verdict(request: GraphqlRequest, check: () => Promise<Verdict>): Promise<Verdict> {
    const key = keyOf(request);
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.verdict;
    }
    const entry: Entry = { verdict: check(), bytes: 2 * key.length };
    this.add(key, entry);
    void entry.verdict.then((v) => {
      if (this.entries.get(key) !== entry) return;
      if ('transient' in v && v.transient) return this.remove(key);
      const bytes = sizeOf(v);
      this.bytes += bytes;
      entry.bytes += bytes;
      this.evict();
    });
    return entry.verdict;
  }

  private add(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.remove(key);
    }
  }
}
