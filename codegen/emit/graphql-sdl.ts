/**
 * The GraphQL schema as data before it is printed: object, input, enum and union types, and the
 * printer that writes them as SDL in a stable order (code point order of type names).
 */
import { byCodePoint } from '../catalogue/names.ts';

export interface SdlField {
  readonly name: string;
  readonly type: string;
  /** printed arguments, `filters: XFilter, pagination: OffsetPaginationInput` */
  readonly args?: string;
  /** printed default value of an input field */
  readonly default?: string;
}

export type SdlType =
  | { readonly kind: 'type' | 'input'; readonly name: string; readonly doc?: string; readonly fields: SdlField[] }
  | { readonly kind: 'enum'; readonly name: string; readonly doc?: string; readonly values: string[] }
  | { readonly kind: 'union'; readonly name: string; readonly doc?: string; readonly members: string[] }
  | { readonly kind: 'scalar'; readonly name: string; readonly doc?: string };

/** A description as a block string (quotes and backslashes cannot end it early). */
function doc(text: string | undefined, indent = ''): string {
  if (!text) return '';
  const safe = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"""');
  return `${indent}"""${safe}"""\n`;
}

function printType(t: SdlType): string {
  const head = doc(t.doc);
  switch (t.kind) {
    case 'scalar':
      return `${head}scalar ${t.name}`;
    case 'union':
      return `${head}union ${t.name} = ${t.members.join(' | ')}`;
    case 'enum':
      return `${head}enum ${t.name} {\n${t.values.map((v) => `  ${v}`).join('\n')}\n}`;
    default: {
      const fields = t.fields.map((f) => {
        const args = f.args ? `(${f.args})` : '';
        const dflt = f.default !== undefined ? ` = ${f.default}` : '';
        return `  ${f.name}${args}: ${f.type}${dflt}`;
      });
      return `${head}${t.kind} ${t.name} {\n${fields.join('\n')}\n}`;
    }
  }
}

/** The schema's SDL: the Query type first, then every other type by name. */
export function printSchema(query: SdlType, types: Iterable<SdlType>): string {
  const rest = [...types].sort((a, b) => byCodePoint(a.name, b.name));
  return `${[query, ...rest].map(printType).join('\n\n')}\n`;
}
