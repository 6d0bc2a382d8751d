/**
 * Views of the generated OpenAPI document (generated/openapi.json, OpenAPI 3.1): one app's part
 * (the operations of its tag and the components they reach, a valid document of its own), and the
 * same in OpenAPI 3.0.3, the dialect NetBox serves and Swagger UI renders quickly. Both walk the
 * document entry by entry and pause through `tick`, so a large one never holds the event loop.
 */
type Json = Record<string, unknown>;

/** Resolves after a pause when `ms` have passed since the last one: `await tick()` in long loops. */
export function ticker(ms = 10): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < ms) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The tags of the document's operations (its apps, and `api` for the root endpoints), sorted. */
export function tagsOf(doc: Json): string[] {
  const tags = new Set<string>();
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>))
    for (const [method, op] of Object.entries(item))
      if (METHODS.has(method)) for (const t of ((op as Json).tags as string[] | undefined) ?? []) tags.add(t);
  return [...tags].sort();
}

/** Every `$ref` in `value`, and in what they refer to, once each: `#/components/<kind>/<name>`. */
function collectRefs(value: unknown, doc: Json, seen: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, doc, seen);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k !== '$ref' || typeof v !== 'string') collectRefs(v, doc, seen);
      else if (!seen.has(v)) {
        seen.add(v);
        const [, , kind, name] = v.split('/') as [string, string, string, string];
        collectRefs(((doc.components as Record<string, Json>)[kind] ?? {})[name], doc, seen);
      }
    }
}

/** The operations tagged `tag`, the components they refer to, and the rest of the document's frame. */
export async function tagDocument(doc: Json, tag: string, tick: () => Promise<void>): Promise<Json> {
  const paths: Record<string, Json> = {};
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const ops = Object.entries(item).filter(
      ([method, op]) => !METHODS.has(method) || ((op as Json).tags as string[] | undefined)?.includes(tag),
    );
    if (!ops.some(([method]) => METHODS.has(method))) continue;
    paths[path] = Object.fromEntries(ops);
    collectRefs(paths[path], doc, seen);
    await tick();
  }
  const all = doc.components as Record<string, Json>;
  const components: Record<string, Json> = { securitySchemes: all.securitySchemes ?? {} };
  for (const [kind, entries] of Object.entries(all)) {
    if (kind === 'securitySchemes') continue;
    const kept = Object.entries(entries).filter(([name]) => seen.has(`#/components/${kind}/${name}`));
    if (kept.length) components[kind] = Object.fromEntries(kept);
  }
  const info = doc.info as Json;
  const whole = `The ${tag} part of the document; all of it is at /api/schema/.`;
  return { ...doc, info: { ...info, description: `${whole}\n\n${info.description ?? ''}` }, paths, components };
}
