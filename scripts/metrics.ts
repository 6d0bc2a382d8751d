/**
 * `npm run metrics`: what issue 26 measures of the code, counted from the syntax tree (not by grep, so a
 * `!` in a GraphQL type string is not an assertion): non-null assertions, `as never` casts and
 * `.unsafe(` calls in runtime/ and codegen/, functions of six or more positional parameters, and the
 * longest files of the catalogue and of the code; for issue 40, every function over 80 lines and every
 * hand-written file over 300 lines in runtime/, codegen/, scripts/ and tests/ (generated/ is not hand-written,
 * nor are the golden copies under tests/codegen/golden).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Node, Project, type SourceFile, SyntaxKind } from 'ts-morph';

const folders = ['runtime', 'codegen'];
/** The hand-written code whose function and file lengths issue 40 bounds. */
const handWritten = [...folders, 'scripts'];
const maxFunctionLines = 80;
const maxFileLines = 300;
/** Issue 40's file rule covers the tests too; their long `describe` callbacks stay out of the function count. */
const fileRuleFolders = [...handWritten, 'tests'];
const notHandWritten = join('tests', 'codegen', 'golden');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p, ext) : p.endsWith(ext) ? [p] : [];
  });
}

function lines(file: string): number {
  return readFileSync(file, 'utf8').split('\n').length - 1;
}

/** What a reader would call a function: its declared name, or the name it is assigned to or passed to. */
function functionName(fn: Node): string {
  if (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) {
    const owner = fn.getFirstAncestorByKind(SyntaxKind.ClassDeclaration)?.getName();
    return `${owner ? `${owner}.` : ''}${fn.getName() ?? '<default>'}`;
  }
  if (Node.isConstructorDeclaration(fn)) return `${fn.getParent().getName() ?? '<class>'}.constructor`;
  const parent = fn.getParent();
  if (Node.isVariableDeclaration(parent) || Node.isPropertyAssignment(parent)) return parent.getName();
  if (Node.isCallExpression(parent)) return `${parent.getExpression().getText().slice(0, 40)}(…) callback`;
  return '<anonymous>';
}

/** Every function of `source` over `maxFunctionLines`, counted from its first line to its last. */
function longFunctions(source: SourceFile, path: string): { name: string; path: string; lines: number }[] {
  const kinds = [
    SyntaxKind.FunctionDeclaration,
    SyntaxKind.FunctionExpression,
    SyntaxKind.ArrowFunction,
    SyntaxKind.MethodDeclaration,
    SyntaxKind.Constructor,
  ];
  return kinds
    .flatMap((kind) => source.getDescendantsOfKind(kind))
    .map((fn) => ({ name: functionName(fn), path, lines: fn.getEndLineNumber() - fn.getStartLineNumber() + 1 }))
    .filter((f) => f.lines > maxFunctionLines);
}

const project = new Project({ skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
for (const folder of handWritten) project.addSourceFilesAtPaths(`${folder}/**/*.ts`);

const byFolder = new Map<string, number>();
let nonNull = 0;
let asNever = 0;
let unsafe = 0;
const longParams: string[] = [];
const longFns: { name: string; path: string; lines: number }[] = [];
for (const source of project.getSourceFiles()) {
  const path = source.getFilePath().slice(process.cwd().length + 1);
  longFns.push(...longFunctions(source, path));
  if (!folders.includes(path.split('/')[0] ?? '')) continue;
  const n = source.getDescendantsOfKind(SyntaxKind.NonNullExpression).length;
  nonNull += n;
  const top = path.split('/').slice(0, 2).join('/');
  byFolder.set(top, (byFolder.get(top) ?? 0) + n);
  for (const a of source.getDescendantsOfKind(SyntaxKind.AsExpression))
    if (a.getTypeNode()?.getText() === 'never') asNever++;
  for (const c of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = c.getExpression();
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'unsafe') unsafe++;
  }
  for (const fn of [
    ...source.getDescendantsOfKind(SyntaxKind.FunctionDeclaration),
    ...source.getDescendantsOfKind(SyntaxKind.ArrowFunction),
    ...source.getDescendantsOfKind(SyntaxKind.MethodDeclaration),
  ])
    if (fn.getParameters().length >= 6) longParams.push(`${path}:${fn.getStartLineNumber()}`);
}

const longest = (list: string[]) =>
  list
    .map((f) => [f, lines(f)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([f, n]) => `${f} ${n}`)
    .join(', ');

const yaml = existsSync('models') ? files('models', '.yaml') : [];
console.log(`non-null assertions (runtime/, codegen/): ${nonNull}`);
for (const [folder, n] of [...byFolder].sort((a, b) => b[1] - a[1]).filter(([, n]) => n > 0))
  console.log(`  ${folder}: ${n}`);
console.log(`'as never' casts: ${asNever}`);
console.log(`.unsafe( calls: ${unsafe}`);
console.log(`functions of 6+ positional parameters: ${longParams.length}`);
for (const f of longParams) console.log(`  ${f}`);
console.log(`longest catalogue files: ${longest(yaml)}`);
console.log(`longest code files: ${longest(folders.flatMap((f) => files(f, '.ts')))}`);

const longFiles = fileRuleFolders
  .flatMap((f) => files(f, '.ts'))
  .filter((f) => !f.startsWith(notHandWritten))
  .map((f) => [f, lines(f)] as const)
  .filter(([, n]) => n > maxFileLines)
  .sort((a, b) => b[1] - a[1]);
console.log(`functions over ${maxFunctionLines} lines (${handWritten.join('/, ')}/): ${longFns.length}`);
for (const f of longFns.sort((a, b) => b.lines - a.lines)) console.log(`  ${f.lines} ${f.name} ${f.path}`);
console.log(`hand-written files over ${maxFileLines} lines (${fileRuleFolders.join('/, ')}/): ${longFiles.length}`);
for (const [f, n] of longFiles) console.log(`  ${n} ${f}`);
