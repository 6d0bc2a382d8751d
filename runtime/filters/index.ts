/**
 * Query string → one SQL WHERE clause for a list, from the model's generated filter spec.
 * Strict by default: an unknown parameter or lookup, or a bad value, is a 400 naming it.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ErrorBag } from '../errors/index.ts';
import { filterCondition, type FilterContext } from './conditions.ts';
import { customFieldCondition } from './custom-fields.ts';
import { searchCondition } from './search.ts';
import { FilterValueError } from './values.ts';

export type { FilterCall, FilterContext } from './conditions.ts';
export {
  FilterValueError,
  parseBoolean,
  parseDate,
  parseDecimal,
  parseInteger,
  parseIp,
  parseTimestamp,
} from './values.ts';

/** Parameters that shape or page a list and are never filters. */
export const reservedParams = new Set([
  'limit',
  'offset',
  'start',
  'ordering',
  'fields',
  'omit',
  'brief',
  'exclude',
  'q',
  'format',
  'changelog_message',
]);

export interface WhereOptions {
  readonly strict: boolean;
  /** extra parameters the caller handles itself */
  readonly reserved?: ReadonlySet<string>;
}

/** The WHERE clause of `query`'s filters, every check of their values settled: a 400 naming each faulty filter. */
export async function buildWhere(
  ctx: FilterContext,
  model: ModelDef,
  query: URLSearchParams,
  options: WhereOptions,
  alias = 't',
): Promise<string> {
  const { where, checks } = await buildWhereChecked(ctx, model, query, options, alias);
  await checks();
  return where;
}

export interface CheckedWhere {
  readonly where: string;
  /**
   * Settles the checks that the objects the filters name exist, which run beside whatever the caller
   * sends meanwhile (a list's count and page): rejects with the 400 of every faulty filter.
   */
  checks(): Promise<void>;
}

/** One filter's checks still running: each settles to nothing or to what it threw. */
interface Pending {
  readonly key: string;
  readonly outcomes: Promise<unknown>[];
}

/**
 * The WHERE clause of `query`'s filters, with the checks of their values left running (a round trip
 * saved for a filter by related object); a filter that is wrong on its face is a 400 at once, with the
 * checks' messages beside it.
 */
export async function buildWhereChecked(
  base: FilterContext,
  model: ModelDef,
  query: URLSearchParams,
  options: WhereOptions,
  alias = 't',
): Promise<CheckedWhere> {
  const errors = new ErrorBag();
  const conditions: string[] = [];
  const pending: Pending[] = [];
  const filters = base.registry.filters(model);
  const ignored = new Set(model.ignoredParams.map((p) => p.name));
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    const outcomes: Promise<unknown>[] = [];
    pending.push({ key, outcomes });
    // a handler at once: a check that fails before it is settled is no unhandled rejection
    const defer = (check: Promise<void>) => outcomes.push(check.then(noError, (e: unknown) => e));
    const ctx: FilterContext = { ...base, defer };
    try {
      if (key === 'q') {
        const cond = searchCondition(ctx, model, values[values.length - 1] ?? '', alias);
        if (cond) conditions.push(cond);
        continue;
      }
      if (reservedParams.has(key) || options.reserved?.has(key) || ignored.has(key)) continue;
      if (key.startsWith('cf_')) {
        const cond = await customFieldCondition(ctx, { model, alias }, key, values);
        if (cond === undefined) {
          if (options.strict)
            errors.add(
              key,
              `Unknown filter: "${key.slice(3).split('__')[0]}" is not a filterable custom field of ` +
                `${model.verboseNamePlural}.`,
            );
        } else conditions.push(cond);
        continue;
      }
      let f = filters.get(key);
      let lookup = 'exact';
      if (!f) {
        const i = key.lastIndexOf('__');
        const base = i > 0 ? filters.get(key.slice(0, i)) : undefined;
        if (base) {
          lookup = key.slice(i + 2);
          if (!base.lookups.some((l) => l === lookup)) {
            if (options.strict)
              errors.add(
                key,
                `Unsupported lookup "${lookup}" for filter "${base.name}"; allowed: ` +
                  `${base.lookups.join(', ') || 'none'}.`,
              );
            continue;
          }
          f = base;
        }
      }
      if (!f) {
        if (options.strict) errors.add(key, `Unknown filter: "${key}" is not a filter of ${model.verboseNamePlural}.`);
        continue;
      }
      if (values.some((v) => v.includes('\u0000'))) throw new FilterValueError('Null characters are not allowed.');
      conditions.push(await filterCondition(ctx, { model, filter: f, lookup, values, alias }));
    } catch (e) {
      if (e instanceof FilterValueError) errors.add(key, e.message);
      else throw e;
    }
  }
  const checks = () => settle(pending, errors);
  if (!errors.empty) await checks();
  return { where: conditions.length ? conditions.join(' AND ') : 'TRUE', checks };
}

const noError = () => undefined;

/** Every filter's messages in the order of the query, those of its checks after its own; any other fault thrown. */
async function settle(pending: readonly Pending[], found: ErrorBag): Promise<void> {
  const errors = new ErrorBag();
  for (const { key, outcomes } of pending) {
    for (const message of (found.errors[key] as string[] | undefined) ?? []) errors.add(key, message);
    for (const outcome of await Promise.all(outcomes)) {
      if (outcome instanceof FilterValueError) errors.add(key, outcome.message);
      else if (outcome !== undefined) throw outcome;
    }
  }
  errors.throwIfAny();
}
export { alongPath, filterCondition } from './conditions.ts';
export { columnOf } from './columns.ts';
export { type Reach, anyCondition, relatedCondition } from './related.ts';
