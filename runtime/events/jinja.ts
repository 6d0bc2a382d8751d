/**
 * NetBox users write their webhook bodies and config templates in Jinja2. The engine here is
 * liquidjs; this module turns the Jinja2 forms NetBox templates use most into Liquid before
 * parsing, and adds Jinja2's filters (`tojson`, `upper`, `lower`, `selectattr`, `rejectattr`,
 * `items`, `default(x, true)`). What still differs is listed in the README.
 */
import type { Liquid } from 'liquidjs';

/** `| name(a, b)` → `| name: a, b`, with Jinja keyword arguments (`attribute='x'`) made positional. */
function filterCalls(expr: string): string {
  return expr.replace(/\|\s*([A-Za-z_]\w*)\s*\(([^()]*)\)/g, (_, name: string, args: string) => {
    const positional = args.replace(/\b[A-Za-z_]\w*\s*=\s*(?!=)/g, '').trim();
    return positional ? `| ${name}: ${positional}` : `| ${name}`;
  });
}

/**
 * A replacer for String.replace given the match's named groups (the last argument when the pattern
 * names its groups), instead of one positional parameter for each.
 */
const named =
  (make: (groups: Record<string, string>) => string) =>
  (...args: unknown[]): string =>
    make(args[args.length - 1] as Record<string, string>);

let loops = 0;

/** `{% for x in list | filter %}`: Liquid loops take no filters, so the list is assigned first. */
function filteredLoops(template: string): string {
  return template.replace(
    /\{%(?<l>-?)\s*for\s+(?<v>\w+)\s+in\s+(?<src>[^%|]+?\|[^%]+?)\s*(?<r>-?)%\}/g,
    named(({ l, v, src, r }) => {
      const name = `__loop${++loops}`;
      return `{%${l} assign ${name} = ${src} %}{% for ${v} in ${name} ${r}%}`;
    }),
  );
}

export function fromJinja(template: string): string {
  const liquid = template
    // comments
    .replace(/\{#[\s\S]*?#\}/g, '')
    // for k, v in x.items()
    .replace(
      /\{%(?<l>-?)\s*for\s+(?<k>\w+)\s*,\s*(?<v>\w+)\s+in\s+(?<src>[^%]+?)\.items\(\)\s*(?<r>-?)%\}/g,
      named(
        ({ l, k, v, src, r }) =>
          `{%${l} for __pair in ${src} | items ${r}%}{% assign ${k} = __pair[0] %}{% assign ${v} = __pair[1] %}`,
      ),
    )
    .replace(/\bloop\.(index0|index|first|last|length|revindex0|revindex)\b/g, 'forloop.$1')
    .replace(/\{%(-?)\s*elif\b/g, '{%$1 elsif')
    .replace(/\{%(-?)\s*set\s+/g, '{%$1 assign ')
    // calls of filters inside output and tags
    .replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, (block) => filterCalls(block));
  return filteredLoops(liquid);
}

type Test = (a: unknown, b?: unknown) => boolean;
const tests: Record<string, Test> = {
  equalto: (a, b) => a === b,
  eq: (a, b) => a === b,
  '==': (a, b) => a === b,
  ne: (a, b) => a !== b,
  '!=': (a, b) => a !== b,
  defined: (a) => a !== undefined,
  undefined: (a) => a === undefined,
  none: (a) => a === null,
  true: (a) => a === true,
  false: (a) => a === false,
  gt: (a, b) => (a as number) > (b as number),
  lt: (a, b) => (a as number) < (b as number),
  in: (a, b) => Array.isArray(b) && b.includes(a),
};

function attr(item: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined),
      item,
    );
}

function select(list: unknown, path: string, test?: string, value?: unknown, keep = true): unknown[] {
  if (!Array.isArray(list)) return [];
  const t = test ? tests[test] : undefined;
  if (test && !t) throw new Error(`unknown test "${test}" in selectattr/rejectattr`);
  return list.filter((item) => {
    const v = attr(item, path);
    return (t ? t(v, value) : !!v) === keep;
  });
}

export function registerJinjaFilters(engine: Liquid): void {
  engine.registerFilter('upper', (v: unknown) => String(v ?? '').toUpperCase());
  engine.registerFilter('lower', (v: unknown) => String(v ?? '').toLowerCase());
  engine.registerFilter('items', (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as Record<string, unknown>) : [],
  );
  engine.registerFilter('selectattr', (list: unknown, path: string, test?: string, value?: unknown) =>
    select(list, path, test, value, true),
  );
  engine.registerFilter('rejectattr', (list: unknown, path: string, test?: string, value?: unknown) =>
    select(list, path, test, value, false),
  );
  // Jinja's default(x) replaces only undefined; default(x, true) also falsy values (Liquid's own rule)
  engine.registerFilter('default', (v: unknown, fallback: unknown, boolean?: unknown) => {
    if (boolean === true)
      return v === undefined || v === null || v === false || v === '' || (Array.isArray(v) && !v.length) ? fallback : v;
    return v === undefined || v === null ? fallback : v;
  });
}
