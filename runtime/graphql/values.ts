/**
 * The SQL of a scalar field's JSON value as NetBox's GraphQL gives it: ids as strings, choices as their
 * bare value, decimals and dates as strings, timestamps in Python's ISO form; computed values (counts,
 * depths, expressions, a cable's end) as the read path computes them (read/json-sql.ts).
 */
import type { FieldDef, ModelDef } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { fieldSql, type JsonScope } from '../read/index.ts';
import { rowExpression } from '../sql/index.ts';

/** `2024-05-01T10:00:00.123456+00:00`, as Python's isoformat writes an aware UTC time. */
function timestamp(col: string): string {
  return `replace(to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"'), '.000000+', '+')`;
}

function column(f: FieldDef, col: string): string {
  switch (f.kind) {
    case 'timestamp':
      return timestamp(col);
    case 'decimal':
    case 'date':
    case 'ipnetwork':
      return `${col}::text`;
    case 'ipaddress':
      return `ip_with_mask(${col})`;
    case 'list':
      return f.item === 'ipnetwork' ? `${col}::text[]` : col;
    case 'choice':
      return `CASE WHEN ${col}::text = '' THEN NULL ELSE ${col} END`;
    default:
      return col;
  }
}

/** The field's value for the row aliased `a`, or undefined when PostgreSQL cannot give it. */
export function valueSql(scope: JsonScope, model: ModelDef, f: FieldDef, a: string): string | undefined {
  if (f.column) return column(f, `${a}.${ident(f.column)}`);
  const c = f.kind === 'computed' ? f.computed : undefined;
  if (c?.type === 'expr') {
    const v = rowExpression(c.sql, a);
    if (c.as === 'decimal') return `${v}::text`;
    if (c.as !== 'choice') return v;
  }
  return fieldSql(scope, model, f, a, 0);
}
