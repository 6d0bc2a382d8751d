/**
 * Matchers of the declared differences NetBox's demo data shows once imported (tests/demo): orders that
 * rest on what NetBox keeps but its API does not show, and the token made again after the move.
 */
import type { Finding } from './compare.ts';
import { lastKey, parentAt } from './json-path.ts';
import type { Exchange } from './outcome.ts';
import { pathOnly } from './matchers.ts';

type Obj = Record<string, any>;

const results = (body: unknown): Obj[] => ((body as { results?: Obj[] } | null)?.results ?? []).filter(Boolean);
const ids = (list: readonly Obj[]) => list.map((o) => o.id as number);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** NetBox's list orders that leave ties (its own order of them is PostgreSQL's): list path → the key it orders by. */
const PARTIAL_ORDERS: Record<string, (o: Obj) => string> = {
  // a module bay's tree root's name (a bay of a device is its own root)
  '/api/dcim/module-bays/': (o) => (o.module ? `\u0000${o.id}` : String(o.name)),
  // the tag's weight, then its name (a tagged object shows the tag's name, not its weight: runs of one name)
  '/api/extras/tagged-objects/': (o) => String(o.tag?.name),
};

/**
 * A list whose objects come in NetBox's order but for those NetBox's ordering leaves tied, which come by id
 * here: NetBox's list in runs of one key, each run sorted by id, is ours.
 */
export function orderTies(f: Finding, x: Exchange): boolean {
  const key = PARTIAL_ORDERS[pathOnly(x)];
  if (f.kind !== 'body' || f.path !== 'results[ids]' || !key) return false;
  const runs: Obj[][] = [];
  for (const o of results(x.recorded.body)) {
    const run = runs[runs.length - 1];
    if (run && key(run[0]!) === key(o)) run.push(o);
    else runs.push([o]);
  }
  const byId = runs.flatMap((run) => ids(run).sort((a, b) => a - b));
  return same(byId, ids(results(x.live.body)));
}

/** Two ways a database compares names: by code point (the C collation), or as ICU does (en_US and the like). */
const collations: ((a: string, b: string) => number)[] = [
  (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  new Intl.Collator('und').compare,
];

/**
 * A tree's list in the order NetBox builds trees: the same objects, ours in name order at every level (as
 * the database's collation compares names, as NetBox's does when it places a node among its siblings). The
 * tree ids NetBox orders by are not shown; a tree its migration built (device roles became one in NetBox
 * 4.3) is numbered in id order instead.
 */
export function treeRootsByName(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body' || f.path !== 'results[ids]') return false;
  const theirs = results(x.recorded.body);
  const ours = ids(results(x.live.body));
  if (!theirs.length || !theirs.every((o) => '_depth' in o)) return false;
  const byId = new Map(theirs.map((o) => [o.id as number, o]));
  // a brief object shows no parent: a brief list is compared as one of roots
  const names = (o: Obj | undefined): string[] => (o ? [...names(byId.get(o.parent?.id)), String(o.name)] : []);
  return collations.some((compare) => {
    const order = (a: Obj, b: Obj) => {
      const [p, q] = [names(a), names(b)];
      for (let i = 0; i < Math.min(p.length, q.length); i++) {
        const c = compare(p[i]!, q[i]!);
        if (c) return c;
      }
      return p.length - q.length || a.id - b.id;
    };
    return same(ids([...theirs].sort(order)), ours);
  });
}

/**
 * The token NetBox would not hand over (a v1 token shown masked): import-netbox lists it, and the one the
 * operator makes again with its 40 characters and description is new here, made and last used anew.
 */
export function madeAgain(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body' || !pathOnly(x).startsWith('/api/users/tokens/')) return false;
  const token = parentAt(x.recorded.body, f.path) as Obj | undefined;
  const masked = token?.version === 1 && token.key === null && /^\*+[0-9a-f]{6}$/.test(String(token.display));
  return masked && ['created', 'last_used'].includes(lastKey(f.path) ?? '');
}
