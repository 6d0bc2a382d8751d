/**
 * Folder-level imports of runtime/: which folders import which, and the cycles among them. Issue 20
 * untangles the knots; until then the knots that exist are listed here, and a new folder joining a
 * knot (or a new knot) fails this test. The list may only shrink, to nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('runtime');

/** Strongly connected folder sets (of two or more folders) that exist today. */
const KNOWN_KNOTS: string[][] = [
  ['auth', 'branching', 'changelog', 'custom-fields', 'events', 'filters', 'http', 'jobs', 'media', 'read', 'rest', 'write'],
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The top folder of runtime/ a file is in ('' for runtime/*.ts). */
const folder = (file: string) => {
  const parts = relative(ROOT, file).split('/');
  return parts.length > 1 ? parts[0]! : '';
};

export function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files(ROOT)) {
    const from = folder(file);
    if (!from) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = resolve(dirname(file), m[1]!);
      if (!target.startsWith(ROOT)) continue;
      const to = folder(target);
      if (!to || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Tarjan's strongly connected components, those of two or more folders, sorted. */
function knots(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  let i = 0;
  const visit = (v: string) => {
    index.set(v, i);
    low.set(v, i++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a.join().localeCompare(b.join()));
}

describe('runtime folder imports', () => {
  it('form no knot beyond the known ones (issue 20 removes those)', () => {
    const found = knots(folderGraph());
    const allowed = new Set(KNOWN_KNOTS.flat());
    const unexpected = found.filter((k) => !k.every((f) => allowed.has(f)));
    expect(unexpected).toEqual([]);
  });

  it('lists no known knot that is gone', () => {
    const found = knots(folderGraph()).map((k) => k.join(','));
    for (const k of KNOWN_KNOTS) expect(found.some((f) => k.every((x) => f.split(',').includes(x)))).toBe(true);
  });
});
