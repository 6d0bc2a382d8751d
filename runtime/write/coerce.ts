/**
 * Request values → stored values, per field kind, with Django REST framework's messages.
 * Relations are only shape-checked here; related.ts resolves them against the database.
 */
import { isIP } from 'node:net';
import type { ChoiceField, FieldDef, ListField, Registry } from '../catalogue/index.ts';
import type { ErrorCode } from '../errors/index.ts';
import { canonicalAddress, networkOf } from './ip.ts';

/** A field's value refused; `code` says why when it is more than invalid (branching sorts by it). */
export class FieldError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode = 'invalid',
  ) {
    super(message);
  }
}

const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;

function fail(message: string): never {
  throw new FieldError(message);
}

/** Length checks; NUL characters were refused for every body value before (readItem). */
function checkText(f: FieldDef, value: string): string {
  if (f.maxLength !== undefined && [...value].length > f.maxLength)
    fail(`Ensure this field has no more than ${f.maxLength} characters.`);
  if (f.minLength !== undefined && [...value].length < f.minLength)
    fail(`Ensure this field has at least ${f.minLength} characters.`);
  return value;
}

export function coerceString(f: FieldDef, value: unknown): string | null {
  if (value === null) {
    if (f.nullable) return null;
    fail('This field may not be null.');
  }
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') fail('Not a valid string.');
  const text = (value as string).trim();
  if (text === '') {
    if (f.emptyAsNull || (f.nullable && !f.blank)) return null;
    if (!f.blank) fail('This field may not be blank.');
    return '';
  }
  checkText(f, text);
  if (f.kind === 'slug' && !/^[-a-zA-Z0-9_]+$/.test(text))
    fail('Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.');
  else if (f.pattern && !new RegExp(f.pattern, 'u').test(text)) fail(`Enter a valid value (must match ${f.pattern}).`);
  for (const v of f.validators ?? []) {
    if (new RegExp(v.pattern, v.ci ? 'iu' : 'u').test(text) === !!v.inverse) fail(v.message);
  }
  return text;
}

export function coerceInteger(f: FieldDef, value: unknown, big = false): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*-?\d+(\.0*)?\s*$/.test(value) && value.length < 50)
    n = Number.parseInt(value, 10);
  else fail('A valid integer is required.');
  if (!Number.isInteger(n)) fail('A valid integer is required.');
  const min = f.min ?? (big ? Number.MIN_SAFE_INTEGER : INT32_MIN);
  const max = f.max ?? (big ? Number.MAX_SAFE_INTEGER : INT32_MAX);
  if (n < min) fail(`Ensure this value is greater than or equal to ${min}.`);
  if (n > max) fail(`Ensure this value is less than or equal to ${max}.`);
  return n;
}

export function coerceDecimal(f: FieldDef, value: unknown): string {
  let text: string;
  if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(value)) text = value.trim();
  else fail('A valid number is required.');
  if (/e/i.test(text)) text = Number(text).toFixed(f.decimalPlaces ?? 6);
  const [int = '', frac = ''] = text.replace(/^[-+]/, '').split('.');
  const intDigits = int.replace(/^0+/, '').length;
  const fracDigits = frac.replace(/0+$/, '').length;
  if (f.decimalPlaces !== undefined && fracDigits > f.decimalPlaces)
    fail(`Ensure that there are no more than ${f.decimalPlaces} decimal places.`);
  if (f.maxDigits !== undefined && intDigits + Math.max(fracDigits, 0) > f.maxDigits)
    fail(`Ensure that there are no more than ${f.maxDigits} digits in total.`);
  if (f.maxDigits !== undefined && f.decimalPlaces !== undefined && intDigits > f.maxDigits - f.decimalPlaces) {
    fail(`Ensure that there are no more than ${f.maxDigits - f.decimalPlaces} digits before the decimal point.`);
  }
  const n = Number(text);
  if (f.min !== undefined && n < f.min) fail(`Ensure this value is greater than or equal to ${f.min}.`);
  if (f.max !== undefined && n > f.max) fail(`Ensure this value is less than or equal to ${f.max}.`);
  return text;
}

const truthy: ReadonlySet<unknown> = new Set([
  true,
  'true',
  'True',
  'TRUE',
  't',
  'T',
  'yes',
  'Yes',
  'y',
  'Y',
  'on',
  'On',
  '1',
  1,
]);
const falsy: ReadonlySet<unknown> = new Set([
  false,
  'false',
  'False',
  'FALSE',
  'f',
  'F',
  'no',
  'No',
  'n',
  'N',
  'off',
  'Off',
  '0',
  0,
]);

export function coerceBoolean(value: unknown): boolean {
  if (truthy.has(value)) return true;
  if (falsy.has(value)) return false;
  fail('Must be a valid boolean.');
}

export function coerceDate(value: unknown): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  const d = m ? new Date(`${m[0]}T00:00:00Z`) : null;
  if (!m || !d || Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(m[3]) || Number(m[1]) < 1) {
    fail('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
  }
  return m[0];
}

export function coerceTimestamp(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const ok =
    /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/.test(text) &&
    !Number.isNaN(Date.parse(text.replace(' ', 'T')));
  if (!ok)
    fail(
      'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
    );
  // a time without an offset is read as UTC (TIME_ZONE = UTC)
  return /(Z|[+-]\d{2}(:?\d{2})?)$/.test(text) ? text : `${text}Z`;
}

export function coerceChoice(registry: Registry, f: ChoiceField, value: unknown): string | number | null {
  if (value !== null && typeof value === 'object')
    fail('Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.');
  if (value === null || value === '') {
    if (f.required && !f.nullable)
      fail(value === null ? 'This field may not be null.' : 'This field may not be blank.');
    return null;
  }
  let v = value as string | number | boolean;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) v = Number(v);
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) v = v.toLowerCase() === 'true';
  const options = registry.choices(f.choices);
  const hit = options.find((o) => o.value === v) ?? options.find((o) => String(o.value) === String(value));
  if (!hit) fail(`${typeof value === 'string' ? value : JSON.stringify(value)} is not a valid choice.`);
  return hit.value;
}

/** `10.0.0.7/24` → `10.0.0.0/24` for networks; addresses keep their host bits and get /32 or /128. */
export function coerceIp(f: FieldDef, value: unknown, network: boolean): string {
  if (typeof value !== 'string')
    fail(network ? 'Enter a valid IPv4 or IPv6 prefix.' : 'Enter a valid IPv4 or IPv6 address.');
  const text = (value as string).trim();
  const [host = '', mask, ...rest] = text.split('/');
  const family = isIP(host);
  const max = family === 4 ? 32 : 128;
  if (!family || rest.length || (mask !== undefined && (!/^\d{1,3}$/.test(mask) || Number(mask) > max))) {
    fail(network ? `Invalid prefix format: ${text}` : `Invalid IP address format: ${text}`);
  }
  if (network && mask === undefined) fail(`Invalid prefix format (a mask length is required): ${text}`);
  const len = mask === undefined ? max : Number(mask);
  if (len === 0) fail(network ? 'Cannot create prefix with /0 mask.' : 'Cannot create IP address with /0 mask.');
  return network ? networkOf(host, len) : canonicalAddress(host, len);
}

export function coerceObjectType(registry: Registry, value: unknown, allowed?: readonly string[]): string {
  if (typeof value !== 'string' || !/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(value)) {
    fail("Invalid value. Specify a content type as '<app_label>.<model_name>'.");
  }
  if (!registry.has(value as string) || (allowed && !allowed.includes(value as string)))
    fail(`Invalid content type: ${value as string}`);
  return value as string;
}

export function coerceList(registry: Registry, f: ListField, value: unknown): unknown[] {
  if (!Array.isArray(value))
    fail(
      `Expected a list of items but got type ` +
        `"${value === null ? 'null' : typeof value === 'object' ? 'dict' : typeof value}".`,
    );
  return (value as unknown[]).map((item) => {
    switch (f.item) {
      case 'object_type':
        return coerceObjectType(registry, item);
      case 'ipnetwork':
        return coerceAllowedIp(item);
      case 'integer':
        return coerceInteger(f, item);
      default:
        if (typeof item !== 'string') fail('Not a valid string.');
        return checkText(f, item as string);
    }
  });
}

/** An allowed-IPs entry: a network, or a single address (stored as /32 or /128). */
function coerceAllowedIp(item: unknown): string {
  if (typeof item !== 'string') fail('Enter a valid IPv4 or IPv6 address or prefix.');
  const [host = '', mask, ...rest] = (item as string).trim().split('/');
  const family = isIP(host);
  const max = family === 4 ? 32 : 128;
  if (!family || rest.length || (mask !== undefined && (!/^\d{1,3}$/.test(mask) || Number(mask) > max)))
    fail(`Invalid IP network: ${String(item)}`);
  return networkOf(host, mask === undefined ? max : Number(mask));
}

/** A plain (non-relation) field value, or a FieldError. */
export function coerceScalar(registry: Registry, f: FieldDef, value: unknown): unknown {
  if (
    value === null &&
    f.kind !== 'string' &&
    f.kind !== 'text' &&
    f.kind !== 'slug' &&
    f.kind !== 'choice' &&
    f.kind !== 'json'
  ) {
    if (f.nullable) return null;
    fail('This field may not be null.');
  }
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'slug':
    case 'password':
      return coerceString(f, value);
    case 'integer':
      return coerceInteger(f, value);
    case 'bigint':
      return coerceInteger(f, value, true);
    case 'decimal':
      return coerceDecimal(f, value);
    case 'boolean':
      return coerceBoolean(value);
    case 'date':
      return coerceDate(value);
    case 'timestamp':
      return coerceTimestamp(value);
    case 'json':
      if (value === null && !f.nullable) fail('This field may not be null.');
      return value;
    case 'choice':
      return coerceChoice(registry, f, value);
    case 'ipnetwork':
      return coerceIp(f, value, true);
    case 'ipaddress':
      return coerceIp(f, value, false);
    case 'object_type':
      return coerceObjectType(registry, value, f.types);
    case 'list':
      return coerceList(registry, f, value);
    default:
      throw new Error(`not a scalar: ${f.kind}`);
  }
}
