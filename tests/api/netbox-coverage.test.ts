/**
 * Breadth against NetBox itself: every collection path of NetBox 4.6.8's own OpenAPI document is
 * served by a catalogued model (or an endpoint of the runtime), and every field NetBox returns for
 * a model is a field of ours. What we leave out on purpose is listed below with the reason; an
 * entry that no longer applies fails too, so the list only ever shrinks.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import type { ModelDef } from '../../runtime/catalogue/index.ts';
import { netboxDoc } from '../helpers/netbox-doc.ts';

/** NetBox paths we do not serve, and why. */
const PATH_EXCEPTIONS: Record<string, string> = {
  '/api/schema/': 'served, but as our own document (not a list)',
  '/api/extras/dashboard/': "the web UI's dashboard layout; there is no web UI beyond the browsable API",
};

/** Fields NetBox returns that a model of ours lacks on purpose, by model key. */
const FIELD_EXCEPTIONS: Record<string, Record<string, string>> = {
  'extras.webhook': {
    secret: 'a secret is write-only here: it signs deliveries and is never read back (NetBox returns it)',
  },
  'circuits.circuit': {
    assignments: "NetBox 4.6.8's schema names it, but its answers never carry it (the replayed corpus shows none)",
  },
};

interface NetboxCollection {
  readonly path: string;
  readonly schema: string;
  readonly fields: readonly string[];
}

function netboxCollections(): NetboxCollection[] {
  const doc = netboxDoc();
  const out: NetboxCollection[] = [];
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    if (path.includes('{') || !ops.get) continue;
    const ref: string | undefined = ops.get.responses?.['200']?.content?.['application/json']?.schema?.$ref;
    const name = ref?.split('/').pop();
    if (!name?.startsWith('Paginated')) {
      out.push({ path, schema: '', fields: [] });
      continue;
    }
    const item = name.replace(/^Paginated/, '').replace(/List$/, '');
    out.push({ path, schema: item, fields: Object.keys(doc.components.schemas[item]?.properties ?? {}) });
  }
  return out;
}

const collections = netboxCollections();
const byPath = new Map<string, ModelDef>(
  Object.values(catalogue.models).flatMap((m) =>
    [m.apiPath, ...m.alsoMountedAt].map((p) => [`/api/${p}/`, m] as const),
  ),
);
const ourPaths = new Set(
  Object.keys(
    (JSON.parse(readFileSync(resolve('generated/openapi.json'), 'utf8')) as { paths: Record<string, unknown> }).paths,
  ),
);

describe('coverage of NetBox 4.6.8', () => {
  it('serves every collection path of NetBox, except those listed with a reason', () => {
    const missing = collections
      .filter((c) => !byPath.has(c.path) && !ourPaths.has(c.path) && !PATH_EXCEPTIONS[c.path])
      .map((c) => c.path);
    const served = collections.filter((c) => byPath.has(c.path) || ourPaths.has(c.path)).length;
    console.log(
      `NetBox 4.6.8 collection paths served: ${served}/${collections.length} (${Object.keys(PATH_EXCEPTIONS).length} ` +
        `excepted)`,
    );
    expect(missing).toEqual([]);
  });

  it('lists no exception for a path we serve', () => {
    const stale = Object.keys(PATH_EXCEPTIONS).filter(
      (p) => p !== '/api/schema/' && (byPath.has(p) || ourPaths.has(p)),
    );
    expect(stale).toEqual([]);
  });

  it('returns every field NetBox returns for each model, except those listed with a reason', () => {
    const missing: string[] = [];
    for (const c of collections) {
      const model = byPath.get(c.path);
      if (!model) continue;
      const ours = new Set(model.fields.filter((f) => !f.hidden && !f.writeOnly).map((f) => f.name));
      const excepted = FIELD_EXCEPTIONS[model.key] ?? {};
      for (const f of c.fields) if (!ours.has(f) && !excepted[f]) missing.push(`${model.key}.${f}`);
    }
    expect(missing).toEqual([]);
  });

  it('lists no field exception for a field we have', () => {
    const stale: string[] = [];
    for (const [key, fields] of Object.entries(FIELD_EXCEPTIONS)) {
      const model = catalogue.models[key];
      if (!model) {
        stale.push(key);
        continue;
      }
      for (const f of Object.keys(fields))
        if (model.fields.some((x) => x.name === f && !x.hidden && !x.writeOnly)) stale.push(`${key}.${f}`);
    }
    expect(stale).toEqual([]);
  });
});
