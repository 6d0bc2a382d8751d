/**
 * What the source serves: its NetBox version (/api/status/) and, from the API root and each app's
 * listing, which catalogued models it has and at which path (a model's current path or an older
 * one it is also mounted at, such as NetBox 3.7's /api/extras/object-changes/).
 */
import type { ModelDef } from '../catalogue/index.ts';
import { SourceError, type Source } from './source.ts';

export interface SourceInfo {
  readonly version: string;
  /** model key → list path below /api/ (`dcim/sites`) */
  readonly paths: ReadonlyMap<string, string>;
  /** models the source has but the token may not read, with the answer */
  readonly unreadable: ReadonlyMap<string, string>;
}

/** The list path of a model the source has (the only models an import copies). */
export function sourcePath(info: SourceInfo, key: string): string {
  const path = info.paths.get(key);
  if (path === undefined) throw new Error(`the source has no list of ${key}`);
  return path;
}

/** `http://host/netbox/api/dcim/sites/` → `dcim/sites`. */
export function apiPathOf(url: string): string | undefined {
  const m = /\/api\/(.+?)\/?$/.exec(new URL(url, 'http://x').pathname);
  return m?.[1];
}

async function listing(source: Source, path: string): Promise<Record<string, string>> {
  const r = await source.get(path).catch((e: unknown) => {
    if (e instanceof SourceError && e.status !== undefined && e.status < 500) return { status: e.status, body: null };
    throw e;
  });
  return r.status === 200 && r.body && typeof r.body === 'object' ? (r.body as Record<string, string>) : {};
}

/** Every list path the API root and the app listings name (plugins' apps included). */
async function listedPaths(source: Source): Promise<Set<string>> {
  const out = new Set<string>();
  const root = await listing(source, '/api/');
  const apps = Object.entries(root).filter(([k, v]) => k !== 'status' && typeof v === 'string');
  const plugins = apps.find(([k]) => k === 'plugins');
  const roots = apps.filter(([k]) => k !== 'plugins').map(([, v]) => v);
  if (plugins) {
    const listed = await listing(source, plugins[1]);
    roots.push(...Object.entries(listed).flatMap(([k, v]) => (k === 'installed-plugins' ? [] : [v])));
  }
  const listings = await Promise.all(roots.map((u) => listing(source, u)));
  for (const l of listings) for (const v of Object.values(l)) if (typeof v === 'string') out.add(apiPathOf(v) ?? '');
  return out;
}

/** Whether a list answers (for a source whose listings are not readable): a path's status. */
async function probe(source: Source, path: string): Promise<number> {
  try {
    return (await source.get(`/api/${path}/?limit=1&brief=1`)).status;
  } catch (e) {
    if (e instanceof SourceError && e.status !== undefined) return e.status;
    throw e;
  }
}

export async function discover(source: Source, models: readonly ModelDef[]): Promise<SourceInfo> {
  const status = await source.get('/api/status/').catch(() => ({ status: 0, body: null }));
  const version = String((status.body as Record<string, unknown> | null)?.['netbox-version'] ?? '');
  const listed = await listedPaths(source);
  const paths = new Map<string, string>();
  const unreadable = new Map<string, string>();
  await Promise.all(
    models.map(async (m) => {
      const candidates = [m.apiPath, ...m.alsoMountedAt];
      let path = candidates.find((p) => listed.has(p));
      if (!path && !listed.size) {
        for (const p of candidates) {
          const s = await probe(source, p);
          if (s === 200) path = p;
          else if (s === 403) unreadable.set(m.key, `${p}: 403 (the token may not read it)`);
          if (path || s === 403) break;
        }
      }
      if (path) paths.set(m.key, path);
    }),
  );
  return { version, paths, unreadable };
}
