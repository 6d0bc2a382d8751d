/**
 * The OpenAPI document printed as JSON or YAML a piece at a time: each path item and each component
 * on its own, pausing through `tick` between them, so that printing megabytes never holds the event
 * loop (the whole document as YAML took seconds). The pieces joined are what printing the whole at
 * once gives.
 */
import { stringify } from 'yaml';

type Json = Record<string, unknown>;

/** How many levels of a top-level map are printed entry by entry: operations, components of each kind. */
const DEPTH: Record<string, number> = { paths: 2, components: 2 };

const isMap = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export async function jsonText(doc: Json, tick: () => Promise<void>): Promise<string> {
  const print = async (value: unknown, depth: number): Promise<string> => {
    if (depth === 0 || !isMap(value)) return JSON.stringify(value);
    const entries: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      entries.push(`${JSON.stringify(k)}:${await print(v, depth - 1)}`);
      await tick();
    }
    return `{${entries.join(',')}}`;
  };
  const entries: string[] = [];
  for (const [k, v] of Object.entries(doc))
    if (v !== undefined) entries.push(`${JSON.stringify(k)}:${await print(v, DEPTH[k] ?? 0)}`);
  return `{${entries.join(',')}}`;
}

const YAML = { aliasDuplicateObjects: false } as const;

/** `text`'s lines moved right by `level` steps of two spaces. */
const indent = (text: string, level: number) => text.replace(/^(?=.)/gm, '  '.repeat(level));

export async function yamlText(doc: Json, tick: () => Promise<void>): Promise<string> {
  const parts: string[] = [];
  const print = async (key: string, value: unknown, depth: number, level: number): Promise<void> => {
    if (depth === 0 || !isMap(value) || !Object.keys(value).length) {
      parts.push(indent(stringify({ [key]: value }, YAML), level));
      await tick();
      return;
    }
    // the key as YAML writes it (quoted where it must be), then its entries one step in
    parts.push(indent(`${stringify({ [key]: null }, YAML).replace(/ null\n$/, '')}\n`, level));
    for (const [k, v] of Object.entries(value)) if (v !== undefined) await print(k, v, depth - 1, level + 1);
  };
  for (const [k, v] of Object.entries(doc)) if (v !== undefined) await print(k, v, DEPTH[k] ?? 0, 0);
  return parts.join('');
}
