/**
 * The imports of runtime/ keep to the layer table (runtime-layers.ts): a folder imports only the lower
 * folders its row lists, each of them it lists, and a folder with an index.ts only through it; no files
 * import each other in a cycle (through imports that stay when compiled). A cycle of folders or files
 * ties them into one knot that can only be understood, tested and changed together.
 */
import { describe, expect, it } from 'vitest';
import { LAYERS, SHARED_ROOT_FILES, type FolderRule } from './runtime-layers.ts';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { crossFolder, fileCycles, folderCycles, folderOf, hasIndex, ROOT, runtimeImports } from './runtime-imports.ts';

const imports = runtimeImports();
const rules = new Map<string, FolderRule & { layer: number }>(
  LAYERS.flatMap((l, layer) => Object.entries(l.folders).map(([f, rule]) => [f, { ...rule, layer }] as const)),
);
const ruleOf = (folder: string) => {
  const rule = rules.get(folder);
  if (!rule) throw new Error(`runtime/${folder}/ has no row in tests/codegen/runtime-layers.ts`);
  return rule;
};

describe('runtime folder imports', () => {
  it('the table has a row for every folder of runtime/ and for no other', () => {
    const folders = readdirSync(ROOT).filter((f) => statSync(join(ROOT, f)).isDirectory());
    expect([...rules.keys()].sort()).toEqual(folders.sort());
  });

  it('a folder may import only folders of lower layers (so the table itself has no cycle)', () => {
    const upward = [...rules].flatMap(([f, r]) =>
      r.imports.filter((to) => ruleOf(to).layer >= r.layer).map((to) => `${f} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it('every import between folders is one the table allows', () => {
    const forbidden = crossFolder(imports)
      .filter((i) => !ruleOf(i.fromFolder).imports.includes(i.toFolder))
      .map((i) => `${i.from} imports ${i.to}: ${i.fromFolder}/ may import ${ruleOf(i.fromFolder).imports.join(', ')}`);
    expect(forbidden).toEqual([]);
    expect(folderCycles(imports)).toEqual([]);
  });

  it('every direction the table allows is one an import takes (the table is the picture)', () => {
    const used = new Set(crossFolder(imports).map((i) => `${i.fromFolder} -> ${i.toFolder}`));
    const stale = [...rules].flatMap(([f, r]) => r.imports.map((to) => `${f} -> ${to}`)).filter((e) => !used.has(e));
    expect(stale).toEqual([]);
  });

  it('a folder is reached through its index.ts when its row says so, and has one only then', () => {
    const entries = [...rules]
      .filter(([f, r]) => hasIndex(f) !== (r.entry === 'index'))
      .map(([f, r]) => `${f}: ${r.entry}`);
    expect(entries).toEqual([]);
    const past = imports
      .filter((i) => i.toFolder && i.fromFolder !== i.toFolder && ruleOf(i.toFolder).entry === 'index')
      .filter((i) => i.to !== `${i.toFolder}/index.ts`)
      .map((i) => `${i.from} imports ${i.to}`);
    expect(past).toEqual([]);
  });

  it('folders import of runtime/ itself only its shared files, not the entry points', () => {
    const wiring = imports.filter((i) => i.fromFolder && !i.toFolder && !SHARED_ROOT_FILES.includes(i.to));
    expect(wiring.map((i) => `${i.from} imports ${i.to}`)).toEqual([]);
  });

  it('no files import each other in a cycle', () => {
    expect(fileCycles(imports)).toEqual([]);
  });

  it('reads the imports (a broken pattern would find none and pass)', () => {
    expect(crossFolder(imports).length).toBeGreaterThan(500);
    expect(imports.some((i) => i.from === 'rest/write.ts' && i.to === 'write/index.ts')).toBe(true);
    expect(imports.some((i) => i.typeOnly)).toBe(true);
    expect(folderOf('rest/write.ts')).toBe('rest');
  });
});
