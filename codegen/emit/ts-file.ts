/** Builds TypeScript files from ts-morph structures in memory (never saved by ts-morph itself). */
import {
  Project,
  IndentationText,
  QuoteKind,
  type StatementStructures,
  StructureKind,
  VariableDeclarationKind,
} from 'ts-morph';
import { generatedHeader } from '../write/file-map.ts';

const project = new Project({
  useInMemoryFileSystem: true,
  manipulationSettings: {
    indentationText: IndentationText.TwoSpaces,
    quoteKind: QuoteKind.Single,
    useTrailingCommas: true,
  },
});
let counter = 0;

export function tsFile(emitter: string, statements: (StatementStructures | string)[]): string {
  const file = project.createSourceFile(`/f${counter++}.ts`, { statements }, { overwrite: true });
  const text = file.getFullText();
  project.removeSourceFile(file);
  return `${generatedHeader(emitter)}${text.trimEnd()}\n`;
}

export function importFrom(module: string, names: string[], typeOnly = false): StatementStructures {
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: module,
    namedImports: [...names].sort(),
    isTypeOnly: typeOnly,
  };
}

export function exportConst(name: string, initializer: string, type?: string): StatementStructures {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name, initializer, ...(type ? { type } : {}) }],
  };
}

/** A single-quoted TypeScript string literal. */
export function str(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** JSON with two-space indent: deterministic and valid TypeScript. */
export function literal(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
