/**
 * NetBox's condition language for event rules: `{attr, value, op, negate}` conditions, nested in
 * `{"and": [...]}` / `{"or": [...]}` sets, evaluated against an object's REST representation.
 */
export class ConditionError extends Error {}

const opsByType: Record<string, readonly string[]> = {
  string: ['eq', 'contains', 'regex'],
  boolean: ['eq', 'contains'],
  number: ['eq', 'gt', 'gte', 'lt', 'lte', 'contains'],
  list: ['eq', 'in', 'contains'],
  null: ['eq'],
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  return typeof v;
}

/** Throws ConditionError naming the fault; accepts null (no conditions). */
export function validateConditions(c: unknown, at = 'conditions'): void {
  if (c === null || c === undefined) return;
  if (typeof c !== 'object' || Array.isArray(c)) throw new ConditionError(`${at}: must be an object`);
  const keys = Object.keys(c);
  const [first] = keys;
  const set = keys.length === 1 && ['and', 'or'].includes(first.toLowerCase());
  if (set) {
    const items = (c as Record<string, unknown>)[first];
    if (!Array.isArray(items)) throw new ConditionError(`${at}.${first}: must be a list of conditions`);
    items.forEach((item, i) => validateConditions(item, `${at}.${first}[${i}]`));
    return;
  }
  const { attr, value, op = 'eq', negate = false, ...rest } = c as Record<string, unknown>;
  if (Object.keys(rest).length) throw new ConditionError(`${at}: unknown key "${Object.keys(rest)[0]}"`);
  if (typeof attr !== 'string' || !attr) throw new ConditionError(`${at}: "attr" must be a non-empty string`);
  if (!('value' in (c as object))) throw new ConditionError(`${at}: "value" is required`);
  if (typeof negate !== 'boolean') throw new ConditionError(`${at}: "negate" must be true or false`);
  const allowed = opsByType[typeOf(value)];
  if (!allowed) throw new ConditionError(`${at}: unsupported value type`);
  if (typeof op !== 'string' || !allowed.includes(op))
    throw new ConditionError(
      `${at}: op "${String(op)}" is not valid for a ${typeOf(value)} value (use ${allowed.join(', ')})`,
    );
  if (op === 'regex') {
    try {
      new RegExp(value as string);
    } catch {
      throw new ConditionError(`${at}: invalid regular expression`);
    }
  }
}

const MISSING = Symbol('missing');

function lookup(data: unknown, path: string): unknown {
  let value: unknown = data;
  for (const key of path.split('.')) {
    if (Array.isArray(value))
      value = value.map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined));
    else if (value && typeof value === 'object' && key in (value as object))
      value = (value as Record<string, unknown>)[key];
    else return MISSING;
  }
  return value;
}

function compare(x: unknown, op: string, value: unknown): boolean {
  switch (op) {
    case 'eq':
      return JSON.stringify(x) === JSON.stringify(value);
    case 'gt':
      return typeof x === 'number' && x > (value as number);
    case 'gte':
      return typeof x === 'number' && x >= (value as number);
    case 'lt':
      return typeof x === 'number' && x < (value as number);
    case 'lte':
      return typeof x === 'number' && x <= (value as number);
    case 'in':
      return (value as unknown[]).some((v) => JSON.stringify(v) === JSON.stringify(x));
    case 'contains':
      if (Array.isArray(x)) return x.some((v) => JSON.stringify(v) === JSON.stringify(value));
      return typeof x === 'string' && x.includes(String(value));
    case 'regex':
      return typeof x === 'string' && new RegExp(`^(?:${value as string})`).test(x);
    default:
      return false;
  }
}

/** Whether `data` meets the conditions (null conditions always match). */
export function evaluateConditions(c: unknown, data: unknown): boolean {
  if (c === null || c === undefined) return true;
  const obj = c as Record<string, unknown>;
  const keys = Object.keys(obj);
  const [first] = keys;
  if (keys.length === 1 && ['and', 'or'].includes(first.toLowerCase())) {
    const items = obj[first] as unknown[];
    return first.toLowerCase() === 'and'
      ? items.every((i) => evaluateConditions(i, data))
      : items.some((i) => evaluateConditions(i, data));
  }
  const x = lookup(data, obj.attr as string);
  if (x === MISSING) return false;
  const result = compare(x, (obj.op as string | undefined) ?? 'eq', obj.value);
  return obj.negate ? !result : result;
}
