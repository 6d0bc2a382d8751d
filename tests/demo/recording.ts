/**
 * NetBox's public demo data as NetBox 4.6.8 answered it (tests/fixtures/netbox-demo-4.6.8.jsonl.gz, copied
 * from ../shared/netbox-demo/, whose README describes it; the corpus's record format): every page of every
 * collection (`?limit=1000&offset=K`), the first brief page and the default page of each, up to five details,
 * `/api/` and `/api/status/`. Read here with each record's kind, and the objects of a compared page tallied:
 * identical, differing only as declared, or differing, with the kinds of difference each shows.
 */
import { readCorpus, type CorpusRecord } from '../replay/corpus.ts';
import type { Judged } from '../replay/outcome.ts';
import { generalPath } from '../replay/report.ts';

export const DEMO_FILE = 'tests/fixtures/netbox-demo-4.6.8.jsonl.gz';

export type Kind = 'page' | 'brief' | 'default' | 'detail' | 'root';

export function readDemo(): CorpusRecord[] {
  return readCorpus(DEMO_FILE);
}

export function kindOf(r: CorpusRecord): Kind {
  const [path, query = ''] = r.path.split('?');
  if (/[?&]?offset=\d+/.test(query)) return 'page';
  if (query.includes('brief=true')) return 'brief';
  if (/\/\d+\/$/.test(path!)) return 'detail';
  return /^\/api\/[a-z-]+\/[a-z-]+\/$/.test(path!) ? 'default' : 'root';
}

export interface ObjectTally {
  readonly objects: number;
  readonly identical: number;
  readonly declared: number;
  readonly differs: number;
  /**
   * `<list> <kind of difference>` (a finding's path without ids) → objects showing it, undeclared (`causes`)
   * and by the declared difference accounting for it (`declaredCauses`, `<rule>: <list> <kind>`)
   */
  readonly causes: ReadonlyMap<string, number>;
  readonly declaredCauses: ReadonlyMap<string, number>;
}

type Tallies = Map<string, Set<string>>;
const note = (t: Tallies, key: string, object: string) => t.set(key, (t.get(key) ?? new Set()).add(object));
const bySize = (t: Tallies) => new Map([...t].map(([k, v]) => [k, v.size] as const).sort((a, b) => b[1] - a[1]));
const resultIds = (body: unknown) => ((body as { results?: { id?: unknown }[] })?.results ?? []).map((o) => o.id);

/**
 * Each object of the compared pages by what became of it: findings under `results[id=N]` are its own, and an
 * object NetBox lists on a page that ours does not (another order) differs as the page's ids do.
 */
export function tallyObjects(pages: readonly Judged[]): ObjectTally {
  let [objects, identical, declared] = [0, 0, 0];
  const causes: Tallies = new Map();
  const declaredCauses: Tallies = new Map();
  for (const j of pages) {
    const list = j.record.path.split('?')[0];
    const findings = new Map<unknown, (string | null)[]>();
    j.findings.forEach((f, i) => {
      const id = /^results\[id=(\d+)\]/.exec(f.path)?.[1];
      const rule = j.declaredBy[i] ?? null;
      const key = id === undefined ? f.path : Number(id);
      findings.set(key, [...(findings.get(key) ?? []), rule]);
      const object = `${j.record.path}#${id ?? f.path}`;
      if (rule) note(declaredCauses, `${rule}: ${list} ${generalPath(f)}`, object);
      else note(causes, `${list} ${generalPath(f)}`, object);
    });
    const ours = new Set(resultIds(j.live.body));
    const order = findings.get('results[ids]');
    for (const id of resultIds(j.recorded.body)) {
      objects++;
      const mine = [...(findings.get(id) ?? []), ...(ours.has(id) ? [] : (order ?? [null]))];
      if (!mine.length) identical++;
      else if (mine.every((d) => d !== null)) declared++;
    }
  }
  const differs = objects - identical - declared;
  return { objects, identical, declared, differs, causes: bySize(causes), declaredCauses: bySize(declaredCauses) };
}
