/**
 * The relative imports of runtime/, read from the source text: which file imports which, whether only
 * types (erased when compiled, so no load-time edge), and the top folder of each side. The layer test
 * (runtime-cycles.test.ts) checks them against the table in runtime-layers.ts; `npx tsx
 * tests/codegen/runtime-imports.ts` prints the counts and the folder-to-folder edges.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve('runtime');

export interface Import {
  /** both relative to runtime/, e.g. `rest/read.ts` */
  readonly from: string;
  readonly to: string;
  /** top folders ('' for runtime/*.ts) */
  readonly fromFolder: string;
  readonly toFolder: string;
  /** `import type …` or every name marked `type`: erased when compiled */
  readonly typeOnly: boolean;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The top folder of runtime/ a path (relative to runtime/) is in, '' for runtime/*.ts. */
export const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');

const STATEMENT = /^(?:import|export)\s+([^;]*?)\s*\bfrom\s+'(\.[^']+)'/gm;

function typeOnly(clause: string): boolean {
  if (clause.startsWith('type ')) return true;
  const names = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!names?.[1]) return false;
  const list = names[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((s) => s.startsWith('type '));
}

/** Every relative import between files of runtime/. */
export function runtimeImports(): Import[] {
  const out: Import[] = [];
  for (const file of files(ROOT)) {
    const from = relative(ROOT, file);
    for (const [, clause = '', spec = ''] of readFileSync(file, 'utf8').matchAll(STATEMENT)) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(ROOT + '/')) continue;
      const to = relative(ROOT, target);
      out.push({ from, to, fromFolder: folderOf(from), toFolder: folderOf(to), typeOnly: typeOnly(clause) });
    }
  }
  return out;
}

/** Whether a folder of runtime/ has an index.ts (its entry for other folders). */
export const hasIndex = (folder: string) => existsSync(join(ROOT, folder, 'index.ts'));

/** Imports from one top folder into another (runtime/*.ts, the entry points, not counted). */
export const crossFolder = (all: readonly Import[]) =>
  all.filter((i) => i.fromFolder && i.toFolder && i.fromFolder !== i.toFolder);

/** Cross-folder imports of a file other than the index of a folder that has one. */
export const bypassing = (all: readonly Import[]) =>
  crossFolder(all).filter((i) => hasIndex(i.toFolder) && i.to !== `${i.toFolder}/index.ts`);

/** Tarjan's strongly connected components of two or more nodes, each sorted, sorted. */
export function knots(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    const mine = index.size;
    index.set(v, mine);
    low.set(v, mine);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) visit(w);
      if (stack.includes(w)) low.set(v, Math.min(low.get(v) ?? mine, low.get(w) ?? mine));
    }
    if (low.get(v) !== mine) return;
    const scc = stack.splice(stack.indexOf(v));
    if (scc.length > 1) out.push(scc.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a.join().localeCompare(b.join()));
}

/** A graph of the given edges. */
export function graphOf(edges: Iterable<readonly [string, string]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [a, b] of edges) graph.set(a, (graph.get(a) ?? new Set()).add(b));
  return graph;
}

/** Cycles of files through imports that stay when compiled (a type-only import loads nothing). */
export const fileCycles = (all: readonly Import[]) =>
  knots(graphOf(all.filter((i) => !i.typeOnly).map((i) => [i.from, i.to] as const)));

/** Cycles of top folders through any import. */
export const folderCycles = (all: readonly Import[]) =>
  knots(graphOf(crossFolder(all).map((i) => [i.fromFolder, i.toFolder] as const)));

if (process.argv[1] && resolve(process.argv[1]) === resolve('tests/codegen/runtime-imports.ts')) {
  const all = runtimeImports();
  const cross = crossFolder(all);
  const counts = new Map<string, [number, number]>();
  const past = new Set(bypassing(all));
  for (const i of cross) {
    const k = `${i.fromFolder} -> ${i.toFolder}`;
    const [n = 0, b = 0] = counts.get(k) ?? [];
    counts.set(k, [n + 1, b + (past.has(i) ? 1 : 0)]);
  }
  const direct = cross.filter((i) => i.to !== `${i.toFolder}/index.ts`).length;
  console.log(
    `cross-folder imports ${cross.length}, of a file other than an index ${direct}, bypassing an index.ts ${past.size}`,
  );
  console.log(`file cycles (value imports) ${fileCycles(all).length}, folder cycles ${folderCycles(all).length}`);
  for (const c of fileCycles(all)) console.log(`  file cycle: ${c.join(' ')}`);
  for (const c of folderCycles(all)) console.log(`  folder cycle: ${c.join(' ')}`);
  for (const [k, [n, b]] of [...counts].sort()) console.log(`${k} ${n}${b ? ` (${b} past the index)` : ''}`);
}
