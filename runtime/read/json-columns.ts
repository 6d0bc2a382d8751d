/** A column's own value as the API's JSON, in SQL (part of json-sql.ts): date-times, choices, addresses, lists. */
import type { ChoiceField, ListField, ObjectTypeField, Registry, ValueField } from '../catalogue/index.ts';
import { unreachable } from '../collections.ts';
import { literal } from '../db/index.ts';

/** A timestamp as the API prints it: UTC, `T`, microseconds only when there are any, `Z`. */
function timestamp(col: string): string {
  // one to_char (the costly part) and a cheap replace of an all-zero fraction
  return `replace(to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), '.000000Z', 'Z')`;
}

export function choice(registry: Registry, set: string, value: string, plain: boolean | undefined): string {
  const empty = `${value} IS NULL OR ${value}::text = ''`;
  if (plain) return `CASE WHEN ${empty} THEN NULL ELSE ${value} END`;
  const labels = Object.fromEntries(registry.choices(set).map((o) => [String(o.value), o.label]));
  const label = `coalesce(${literal(JSON.stringify(labels))}::jsonb ->> (${value})::text, '')`;
  return `CASE WHEN ${empty} THEN NULL ELSE json_build_object('value', ${value}, 'label', ${label}) END`;
}

type ColumnField = ValueField | ChoiceField | ObjectTypeField | ListField;

/** A column's own value as JSON. */
export function columnSql(registry: Registry, f: ColumnField, col: string): string {
  switch (f.kind) {
    case 'timestamp':
      return timestamp(col);
    case 'choice':
      return choice(registry, f.choices, col, f.plain);
    case 'ipaddress':
      return `ip_with_mask(${col})`;
    case 'ipnetwork':
      return `${col}::text`;
    case 'list':
      return f.item === 'ipnetwork' ? `${col}::text[]` : col;
    case 'decimal':
      // as a JavaScript number prints it (1, not 1.0), like the objects of serialize.ts
      return `${col}::float8`;
    case 'string':
    case 'text':
    case 'slug':
    case 'integer':
    case 'bigint':
    case 'boolean':
    case 'date':
    case 'json':
    case 'object_type':
      return col;
    case 'password':
      return 'NULL'; // never shown (fieldSql leaves it out)
    default:
      return unreachable(f, 'column kind');
  }
}

/** `[name, sql]` of every named field of `model` (in the model's order), or undefined if one needs JavaScript. */
