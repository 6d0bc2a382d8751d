/**
 * Folder-level imports of runtime/: no folder may reach itself through the folders it imports (a
 * cycle ties them into one knot that can only be understood, tested and changed together). Issue 20
 * untied the last one; the layers, bottom up, are printed on failure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('runtime');

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

/** Folders in layers: each imports only folders of the layers below it. */
function layers(graph: Map<string, Set<string>>): string[][] {
  const out: string[][] = [];
  const placed = new Set<string>();
  const all = new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
  while (placed.size < all.size) {
    const next = [...all].filter((f) => !placed.has(f) && [...(graph.get(f) ?? [])].every((d) => placed.has(d))).sort();
    if (!next.length) break;
    next.forEach((f) => placed.add(f));
    out.push(next);
  }
  return out;
}

describe('runtime folder imports', () => {
  it('form no cycle: every folder imports only folders below it', () => {
    const graph = folderGraph();
    expect(knots(graph), `layers so far: ${JSON.stringify(layers(graph))}`).toEqual([]);
    // sanity: the walk sees the folders (a broken import pattern would find no edges and pass)
    expect(graph.get('rest')?.has('write')).toBe(true);
    expect(layers(graph).flat().length).toBeGreaterThan(15);
  });
});
