/**
 * The generated OpenAPI 3.1 document in OpenAPI 3.0.3, the dialect NetBox serves (and that Swagger UI
 * renders many times faster than 3.1, and more client generators read). What the generator writes
 * that 3.0 has not is written as 3.0 says it: `type: [t, 'null']` as `type: t, nullable: true`, an
 * alternative `{type: 'null'}` as `nullable`, `$ref` with sibling keywords inside `allOf`, and a tuple
 * (`prefixItems`) as an array of that length.
 */
type Json = Record<string, unknown>;

/** Values that are data, not schemas: never rewritten. */
const DATA = new Set(['enum', 'default', 'example', 'examples', 'const', 'required']);

const isNull = (s: unknown) =>
  !!s && typeof s === 'object' && (s as Json).type === 'null' && Object.keys(s).length === 1;

function nullableAlternative(s: Json, key: 'anyOf' | 'oneOf'): Json {
  const options = s[key] as unknown[];
  if (!options.some(isNull)) return s;
  const rest = options.filter((o) => !isNull(o)) as Json[];
  const { [key]: _options, ...others } = s;
  if (rest.length > 1) return { ...others, [key]: rest, nullable: true };
  const only = rest[0] ?? {};
  // `nullable` beside a $ref is ignored in 3.0: the reference goes inside allOf
  if ('$ref' in only) return { ...others, allOf: [only], nullable: true };
  return { ...others, ...only, nullable: true };
}

function schema30(s: Json): Json {
  let out: Json = s;
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((t) => t !== 'null');
    const { type: _type, ...rest } = out;
    const nullable = types.length < (out.type as string[]).length ? { nullable: true } : {};
    if (types.length === 1) out = { ...rest, type: types[0], ...nullable };
    else
      out = { ...rest, ...(types.length ? { anyOf: types.map((t) => ({ type: t })) } : { enum: [null] }), ...nullable };
  } else if (out.type === 'null') {
    const { type: _type, ...rest } = out;
    out = { ...rest, nullable: true, enum: [null] };
  }
  if (Array.isArray(out.anyOf)) out = nullableAlternative(out, 'anyOf');
  if (Array.isArray(out.oneOf)) out = nullableAlternative(out, 'oneOf');
  if (Array.isArray(out.prefixItems)) {
    const { prefixItems, ...rest } = out;
    const n = (prefixItems as unknown[]).length;
    out = { ...rest, items: rest.items ?? {}, minItems: n, maxItems: n };
  }
  if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
    const { $ref, ...rest } = out;
    out = { ...rest, allOf: [{ $ref }] };
  }
  return out;
}

/** Keywords whose value maps names (of properties) to schemas. */
const NAMES = new Set(['properties', 'patternProperties']);

/** `value` with every object in it rewritten for 3.0, outermost first (an alternative is seen as written). */
function rewrite(value: unknown, names = false): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  if (names) for (const [k, v] of Object.entries(value)) out[k] = rewrite(v);
  else
    for (const [k, v] of Object.entries(schema30(value as Json))) out[k] = DATA.has(k) ? v : rewrite(v, NAMES.has(k));
  return out;
}

/** The document in OpenAPI 3.0.3, entry by entry of its paths and components (pausing through `tick`). */
export async function toOpenApi30(doc: Json, tick: () => Promise<void>): Promise<Json> {
  const paths: Json = {};
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    paths[path] = rewrite(item);
    await tick();
  }
  const components: Record<string, Json> = {};
  for (const [kind, entries] of Object.entries(doc.components as Record<string, Json>)) {
    components[kind] = {};
    for (const [name, entry] of Object.entries(entries)) {
      components[kind][name] = rewrite(entry);
      await tick();
    }
  }
  const { jsonSchemaDialect: _dialect, webhooks: _webhooks, ...rest } = doc;
  return { ...rest, openapi: '3.0.3', paths, components };
}
