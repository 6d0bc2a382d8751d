/**
 * IR → drizzle table declarations, one file per app (`generated/db/<app>.ts`), schema-unqualified
 * so the same tables serve main and every branch schema. drizzle-kit reads them to write migrations.
 */
import type {
  Catalogue,
  ColumnField,
  FieldDef,
  M2mField,
  ModelDef,
  OrderTerm,
  UniqueDef,
} from '../../runtime/catalogue/ir.ts';
import { copiedOrdering, keyOrder } from '../../runtime/catalogue/keys.ts';
import { pushTo } from '../../runtime/collections.ts';
import { sortKey } from '../../runtime/catalogue/sort-key.ts';
import { modelOf } from '../catalogue/lookup.ts';
import type { FileMap } from '../write/file-map.ts';
import { byCodePoint, camel, pgName } from '../catalogue/names.ts';
import { importFrom, str, tsFile } from './ts-file.ts';

const emitter = 'drizzle.ts';

export function tableConst(table: string): string {
  return camel(table);
}

function columnExpr(f: ColumnField, cat: Catalogue): { builder: string; imports: string[] } | undefined {
  const name = str(f.column);
  switch (f.kind) {
    case 'id':
      return { builder: `bigserial(${name}, { mode: 'number' }).primaryKey()`, imports: ['bigserial'] };
    case 'string':
    case 'slug':
    case 'password':
    case 'image':
      return f.maxLength
        ? { builder: `varchar(${name}, { length: ${f.maxLength} })`, imports: ['varchar'] }
        : { builder: `text(${name})`, imports: ['text'] };
    case 'text':
      return { builder: `text(${name})`, imports: ['text'] };
    case 'integer':
      return { builder: `integer(${name})`, imports: ['integer'] };
    case 'bigint':
      return { builder: `bigint(${name}, { mode: 'number' })`, imports: ['bigint'] };
    case 'decimal':
      return {
        builder: `numeric(${name}, { precision: ${f.maxDigits}, scale: ${f.decimalPlaces} })`,
        imports: ['numeric'],
      };
    case 'boolean':
      return { builder: `boolean(${name})`, imports: ['boolean'] };
    case 'date':
      return { builder: `date(${name}, { mode: 'string' })`, imports: ['date'] };
    case 'timestamp':
      return { builder: `timestamp(${name}, { withTimezone: true, mode: 'string' })`, imports: ['timestamp'] };
    case 'json':
    case 'custom_fields':
      return { builder: `jsonb(${name})`, imports: ['jsonb'] };
    case 'choice': {
      const numeric = (cat.choices[f.choices] ?? []).every((c) => typeof c.value === 'number');
      return numeric
        ? { builder: `integer(${name})`, imports: ['integer'] }
        : { builder: `varchar(${name}, { length: 50 })`, imports: ['varchar'] };
    }
    case 'object_type':
      return { builder: `varchar(${name}, { length: 100 })`, imports: ['varchar'] };
    case 'ipnetwork':
      return { builder: `cidr(${name})`, imports: ['cidr'] };
    case 'ipaddress':
      return { builder: `inet(${name})`, imports: ['inet'] };
    case 'fk':
      return {
        builder:
          `bigint(${name}, { mode: 'number' }).references((): AnyPgColumn => ` +
          `${tableConst(modelOf(cat, f.to).table)}.id)`,
        imports: ['bigint'],
      };
    case 'list': {
      const item = f.item === 'ipnetwork' ? 'cidr' : f.item === 'integer' ? 'integer' : 'text';
      return { builder: `${item}(${name}).array()`, imports: [item] };
    }
    default:
      return undefined;
  }
}

/** A SQL literal inside a generated template string: quotes doubled, template syntax escaped. */
function sqlTemplate(text: string): string {
  return text.replace(/'/g, "''").replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

function defaultExpr(f: FieldDef): string {
  if (f.kind === 'custom_fields') return ".default(sql`'{}'::jsonb`)";
  // a list is empty by default, unless the catalogue gives it none (`default: null`, as NetBox's column)
  if (f.kind === 'list') return f.default === null ? '' : ".default(sql`'{}'`)";
  if (f.kind === 'timestamp' && (f.name === 'created' || f.name === 'last_updated')) return '.defaultNow()';
  if (f.default === undefined || f.default === null) return '';
  if (f.kind === 'json') return `.default(sql\`'${sqlTemplate(JSON.stringify(f.default))}'::jsonb\`)`;
  if (f.kind === 'decimal') return `.default(${str(String(f.default))})`;
  return `.default(${typeof f.default === 'string' ? str(f.default) : JSON.stringify(f.default)})`;
}

function uniqueExpr(m: ModelDef, u: UniqueDef, byName: Map<string, ColumnField>): { code: string; imports: string[] } {
  const column = (n: string) => {
    const f = byName.get(n);
    if (!f) throw new Error(`${m.key}: unique constraint names "${n}", which has no column`);
    return f;
  };
  const cols = u.fields.map(column);
  const whenNull = u.whenNull ? `_when_${u.whenNull.join('_')}_null` : '';
  const name = str(pgName(`${m.table}_${u.fields.join('_')}${u.ci ? '_ci' : ''}${whenNull}_uniq`));
  const ref = (f: ColumnField) => `t.${camel(f.column)}`;
  const plain = !u.ci && !u.whenNull;
  if (plain) {
    const nnd = u.nullsEqual && cols.some((c) => c.nullable) ? '.nullsNotDistinct()' : '';
    return { code: `unique(${name}).on(${cols.map(ref).join(', ')})${nnd}`, imports: ['unique'] };
  }
  const exprs = cols.map((c) => {
    if (u.ci?.includes(c.name)) return `sql\`lower(${c.column})\``;
    if (u.nullsEqual && c.nullable && !u.whenSet?.includes(c.name))
      return (
        `sql\`coalesce(${c.column}, ` +
        `${c.kind === 'fk' || c.kind === 'bigint' || c.kind === 'integer' ? '0' : "''"})\``
      );
    return ref(c);
  });
  const conds = [
    ...(u.whenNull ?? []).map((n) => `${column(n).column} IS NULL`),
    ...(u.whenSet ?? []).map((n) => `${column(n).column} IS NOT NULL`),
  ];
  const where = conds.length ? `.where(sql\`${conds.join(' AND ')}\`)` : '';
  return { code: `uniqueIndex(${name}).on(${exprs.join(', ')})${where}`, imports: ['uniqueIndex'] };
}

function indexExprs(m: ModelDef, cat: Catalogue): string[] {
  const out: string[] = [];
  const idx = (suffix: string, on: string, using?: string) =>
    `index(${str(pgName(`${m.table}_${suffix}_idx`))})${using ? `.using('${using}', ${on})` : `.on(${on})`}`;
  for (const f of m.fields) {
    if (f.hidden && !f.column) continue;
    if (f.kind === 'fk') out.push(idx(f.column, `t.${camel(f.column)}`));
    else if (f.index && f.column) out.push(idx(f.column, `t.${camel(f.column)}`));
    if (f.kind === 'generic')
      out.push(idx(`${f.typeColumn}_${f.idColumn}`, `t.${camel(f.typeColumn)}, t.${camel(f.idColumn)}`));
    if ((f.kind === 'ipnetwork' || f.kind === 'ipaddress') && f.column)
      out.push(idx(`${f.column}_gist`, `t.${camel(f.column)}.op('inet_ops')`, 'gist'));
  }
  const name = m.fields.find((f) => f.name === 'name' && f.column);
  if (name?.naturalSort) out.push(idx('name_natural', `sql\`${sortKey(name, 'name')}\`, t.id`));
  else if (name) out.push(idx('name_order', 't.name, t.id'));
  if (m.tree) {
    out.push(idx('_path_gin', 't._path', 'gin'));
    out.push(idx('_sort', 't._sort, t.id'));
  }
  for (const o of m.ordering) {
    const f = m.fields.find((x) => x.name === o.field);
    if (f?.column && f.kind !== 'fk' && o.field !== 'name' && o.field !== 'id')
      out.push(idx(`${f.column}_order`, `t.${camel(f.column)}, t.id`));
  }
  const order = defaultOrderIndex(m, cat);
  if (order) out.push(idx('default_order', `sql\`${order}\``));
  return out;
}

/**
 * A default ordering of several columns (interfaces by their device's name, the device and their own
 * `_name`; prefixes by VRF then prefix) gets one index in exactly that order, so a page — even a deep
 * one — is an index walk. A relation counts as its copied key and its column (runtime/sql/order.ts
 * orders by them); a term that is neither a column nor such a relation leaves the ordering without one.
 */
function defaultOrderIndex(m: ModelDef, cat: Catalogue): string | undefined {
  const terms = m.ordering.filter((o) => o.field !== 'id');
  const dir = (o: OrderTerm) => `${o.desc ? ' DESC' : ''}${o.nullsFirst ? ' NULLS FIRST' : ''}`;
  const exprs = terms.map((o) => {
    const key = m.keys?.find((k) => k.column === o.field);
    if (key) return `${keyOrder(key, `"${key.column}"`)}${dir(o)}`;
    const f = m.fields.find((x) => x.name === o.field);
    const copied = f?.kind === 'fk' ? copiedOrdering(m, f.name, modelOf(cat, f.to)) : undefined;
    if (copied && f?.column) {
      // as the join orders: the related model's own terms (plain), reversed by a descending one here
      const desc = o.desc ? ' DESC' : '';
      const then = copied.withId ? `, "${f.column}"${desc}` : '';
      return `${keyOrder(copied.key, `"${copied.key.column}"`)}${desc}${then}`;
    }
    if (!f?.column) return undefined;
    return `${sortKey(f, `"${f.column}"`)}${dir(o)}`;
  });
  if (terms.length < 2 || exprs.some((e) => e === undefined)) return undefined;
  return [...exprs, '"id"'].join(', ');
}

function tableStatement(m: ModelDef, cat: Catalogue, imports: Set<string>): string {
  const byName = new Map(m.fields.flatMap((f) => (f.column ? [[f.name, f] as const] : [])));
  const cols: string[] = [];
  for (const f of m.fields) {
    if (!f.column) continue;
    const c = columnExpr(f, cat);
    if (!c) continue;
    c.imports.forEach((i) => imports.add(i));
    const notNull = !f.nullable && f.kind !== 'id' ? '.notNull()' : '';
    const d = defaultExpr(f);
    if (d.includes('sql`')) imports.add('sql');
    cols.push(`  ${camel(f.column)}: ${c.builder}${notNull}${d},`);
  }
  for (const k of m.keys ?? []) {
    imports.add('text');
    // a naturalized name is never null ('' before its row is written); a copy is null with its source
    cols.push(`  ${camel(k.column)}: text(${str(k.column)})${k.kind === 'copy' ? '' : ".notNull().default('')"},`);
  }
  for (const f of m.fields) {
    if (f.kind !== 'computed' || f.computed.type !== 'count' || !f.computed.column) continue;
    imports.add('integer');
    // a counter cache, kept by triggers (runtime/db/counters.ts)
    cols.push(`  ${camel(f.computed.column)}: integer(${str(f.computed.column)}).notNull().default(0),`);
  }
  if (m.tree) {
    for (const i of ['integer', 'bigint', 'text', 'sql']) imports.add(i);
    cols.push("  _depth: integer('_depth').notNull().default(0),");
    cols.push("  _path: bigint('_path', { mode: 'number' }).array().notNull().default(sql`'{}'`),");
    cols.push("  _sort: text('_sort').array().notNull().default(sql`'{}'`),");
  }
  const extras = [
    ...m.uniques.map((u) => {
      const e = uniqueExpr(m, u, byName);
      e.imports.forEach((i) => imports.add(i));
      if (e.code.includes('sql`')) imports.add('sql');
      return e.code;
    }),
    ...indexExprs(m, cat),
  ];
  if (extras.some((e) => e.startsWith('index('))) imports.add('index');
  if (extras.some((e) => e.includes('sql`'))) imports.add('sql');
  const third = extras.length ? `, (t) => [\n${extras.map((e) => `  ${e},`).join('\n')}\n]` : '';
  return `pgTable(${str(m.table)}, {\n${cols.join('\n')}\n}${third})`;
}

function throughStatement(m: ModelDef, f: M2mField, cat: Catalogue): string {
  const th = f.through;
  const target = modelOf(cat, f.to);
  const ref = (column: string, table: string) =>
    `bigint(${str(column)}, { mode: 'number' }).notNull().references((): AnyPgColumn => ${tableConst(table)}.id)`;
  return `pgTable(${str(th.table)}, {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ${camel(th.source)}: ${ref(th.source, m.table)},
  ${camel(th.target)}: ${ref(th.target, target.table)},
}, (t) => [
  unique(${str(pgName(`${th.table}_uniq`))}).on(t.${camel(th.source)}, t.${camel(th.target)}),
  index(${str(pgName(`${th.table}_${th.target}_idx`))}).on(t.${camel(th.target)}),
])`;
}

export function emitDrizzle(cat: Catalogue): FileMap {
  const files: FileMap = new Map();
  const appOf = new Map(Object.values(cat.models).map((m) => [m.table, m.app]));
  const tableOf = (key: string) => modelOf(cat, key).table;
  for (const app of cat.apps) {
    const imports = new Set<string>(['pgTable', 'AnyPgColumn']);
    const statements: string[] = [];
    const needed = new Set<string>();
    for (const key of app.models) {
      const m = modelOf(cat, key);
      statements.push(
        `/** ${m.description || m.className} */\nexport const ${tableConst(m.table)} = ` +
          `${tableStatement(m, cat, imports)};`,
      );
      for (const f of m.fields) {
        if (f.kind === 'fk') needed.add(tableOf(f.to));
        if (f.kind === 'm2m' && !f.mirrors) {
          for (const i of ['bigserial', 'bigint', 'unique', 'index']) imports.add(i);
          needed.add(tableOf(f.to));
          statements.push(
            `/** ${m.className}.${f.name}: many-to-many with ${f.to} */\n` +
              `export const ${tableConst(f.through.table)} = ${throughStatement(m, f, cat)};`,
          );
        }
      }
    }
    const foreign = new Map<string, string[]>();
    for (const t of needed) {
      const other = appOf.get(t);
      if (other !== undefined && other !== app.name) pushTo(foreign, other, tableConst(t));
    }
    const pgCore = [...imports].filter((i) => i !== 'sql' && i !== 'AnyPgColumn');
    const importStatements = [
      importFrom('drizzle-orm/pg-core', ['AnyPgColumn'], true),
      importFrom('drizzle-orm/pg-core', pgCore),
      ...(imports.has('sql') ? [importFrom('drizzle-orm', ['sql'])] : []),
      ...[...foreign.entries()]
        .sort(([a], [b]) => byCodePoint(a, b))
        .map(([o, names]) => importFrom(`./${o}.ts`, names)),
    ];
    files.set(`db/${app.name}.ts`, tsFile(emitter, [...importStatements, ...statements]));
  }
  const index = cat.apps.map((a) => `export * from './${a.name}.ts';`);
  files.set('db/index.ts', tsFile(emitter, index));
  return files;
}
