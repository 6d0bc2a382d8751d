/**
 * Representations as JSON text, for GET responses: PostgreSQL writes every field it can (json-sql.ts)
 * as runs of JSON in the page's own query, and the few fields that need JavaScript are rendered by
 * serialize.ts and put between them, in the model's field order. Nothing else is parsed or printed
 * again; the objects of webhooks, change records and write responses still come from serialize.ts.
 */
import type { FieldDef, ModelDef } from '../catalogue/index.ts';
import { ident, type Row } from '../db/index.ts';
import { fieldSql, objectOf, type JsonScope } from './json-sql.ts';
import { pageField } from './page-sql.ts';
import { PageRelated } from './page-related.ts';
import { selectList } from './select.ts';
import { embedColumns } from './embed.ts';
import { rendererFor, type ReadContext } from './serialize.ts';
import { customFieldsOf } from './custom-fields.ts';
import { activeContexts } from './config-context.ts';

type Part = { readonly column: string } | { readonly field: FieldDef; readonly key: string };

export interface TextPlan {
  /** the SELECT list of the row aliased `t`: JSON runs, and the columns the JavaScript fields read */
  readonly select: string;
  readonly parts: readonly Part[];
  /**
   * For a page: the common table expressions and joins that build each related object once per page
   * (`p` holds the page's rows), however many rows name it — the device of a thousand interfaces.
   */
  readonly with: readonly string[];
  readonly joins: string;
}

/**
 * What a text plan needs to know now: the model's custom fields and whether a config context is
 * active (then config_context is merged in JavaScript). Both come from the process's cache.
 */
export async function textScope(ctx: ReadContext, model: ModelDef, names: readonly string[]): Promise<JsonScope> {
  const wanted = new Set(names);
  const fields = model.fields.filter((f) => wanted.has(f.name));
  const cf = fields.some((f) => f.kind === 'custom_fields') ? await customFieldsOf(ctx, model) : [];
  const [cc] = fields.flatMap((f) =>
    f.kind === 'computed' && f.computed.type === 'config_context' ? [f.computed] : [],
  );
  const noActiveContexts = cc ? (await activeContexts(ctx, cc)).length === 0 : false;
  return {
    registry: ctx.registry,
    baseUrl: ctx.baseUrl,
    customFields: (m) => (m === model ? cf.map((d) => d.name) : undefined),
    noActiveContexts,
  };
}

// per model definition: two catalogues in one process never share SQL
const plans = new WeakMap<ModelDef, Map<string, TextPlan>>();

/** `page`: the plan of a page read from `p` (see `with`); otherwise of rows read one by one. */
export function textPlan(scope: JsonScope, model: ModelDef, names: readonly string[], page = false): TextPlan {
  const cf = scope.customFields?.(model);
  // the base URL is written into the SQL (one text per host name the API is reached by, quoted)
  const flags = `${scope.noActiveContexts ? 1 : 0}${page ? 1 : 0}`;
  const key = `${scope.baseUrl}|${names.join(',')}|${cf?.join(',') ?? ''}|${flags}`;
  let forModel = plans.get(model);
  if (!forModel) plans.set(model, (forModel = new Map<string, TextPlan>()));
  const hit = forModel.get(key);
  if (hit) return hit;
  const wanted = new Set(names);
  const parts: Part[] = [];
  const runs: string[] = [];
  const js: string[] = [];
  const ctes = new Map<string, string>();
  const related = new PageRelated();
  let joins = '';
  let run: [string, string][] = [];
  const close = () => {
    if (!run.length) return;
    const column = `__j${runs.length}`;
    runs.push(`${objectOf(run)}::text AS ${ident(column)}`);
    parts.push({ column });
    run = [];
  };
  for (const f of model.fields) {
    if (!wanted.has(f.name) || f.hidden || f.writeOnly || f.kind === 'password') continue;
    const shared = page ? pageField(scope, model, f, { name: `n${ctes.size}`, related }) : undefined;
    if (shared) {
      for (const cte of shared.ctes) {
        if (ctes.has(cte.name)) continue;
        ctes.set(cte.name, cte.sql);
        joins += cte.join;
      }
      joins += shared.joins ?? '';
      run.push([f.name, shared.sql]);
      continue;
    }
    const sql = fieldSql(scope, model, f, 't');
    if (sql !== undefined) {
      run.push([f.name, sql]);
      continue;
    }
    close();
    parts.push({ field: f, key: JSON.stringify(f.name) });
    js.push(f.name);
  }
  close();
  // the JavaScript fields read their columns, and their relations embedded as embed.ts does
  const own = js.length
    ? `${selectList(scope.registry, model, 't', js)}${embedColumns(scope.registry, model, js)}`
    : ['t.id', ...(model.fields.some((f) => f.column === 'last_updated') ? ['t.last_updated'] : [])].join(', ');
  const plan = {
    select: [own, ...runs].join(', '),
    parts,
    // each computed once for the page (an inlined one is run again for every row that joins it)
    with: [...related.ctes(), ...[...ctes].map(([name, sql]) => `${name} AS MATERIALIZED (${sql})`)],
    joins,
  };
  if (forModel.size >= 1000) forModel.clear(); // `fields=` subsets are many; keep the cache bounded
  forModel.set(key, plan);
  return plan;
}

/** Each row as the JSON text of its object. */
export async function renderText(ctx: ReadContext, model: ModelDef, plan: TextPlan, rows: Row[]): Promise<string[]> {
  const pieces = await Promise.all(plan.parts.map((p) => pieceOf(ctx, model, p, rows)));
  return rows.map((row) => {
    let out = '';
    for (const pieceFor of pieces) {
      const piece = pieceFor(row);
      if (piece !== undefined) out = out ? `${out},${piece}` : piece;
    }
    return `{${out}}`;
  });
}

/** What one part of a plan writes for a row: its run of JSON without the braces, or `"name":value`; or nothing. */
async function pieceOf(
  ctx: ReadContext,
  model: ModelDef,
  p: Part,
  rows: Row[],
): Promise<(row: Row) => string | undefined> {
  if ('column' in p)
    return (row) => {
      const run = row[p.column] as string;
      return run.length > 2 ? run.slice(1, -1) : undefined;
    };
  const render = await rendererFor(ctx, model, p.field, rows);
  // a field without a renderer (a password) is left out, as serialize.ts leaves it
  if (!render) return () => undefined;
  return (row) => {
    const value = JSON.stringify(render(row));
    return value === undefined ? undefined : `${p.key}:${value}`;
  };
}
