/**
 * Matchers of the declared differences that keep NetBox 3.x clients working (Debian's Ansible
 * netbox.netbox 3.13, pynetbox 7.0): the older names shown and accepted, and what follows from them.
 */
import type { Finding } from './compare.ts';
import { lastKey, parentAt } from './json-path.ts';
import type { Exchange } from './outcome.ts';

/** The models whose 3.x `site` is shown (read-only) and accepted as the scope. */
const SCOPED = /\/api\/(ipam\/prefixes|ipam\/vlan-groups|virtualization\/clusters)\//;
const SCOPED_TYPES = new Set(['ipam.prefix', 'ipam.vlangroup', 'virtualization.cluster']);

const urlOf = (v: unknown): string =>
  typeof v === 'object' && v !== null && typeof (v as { url?: unknown }).url === 'string'
    ? (v as { url: string }).url
    : '';

const pathOnly = (x: Exchange) => x.record.path.split('?')[0]!;

/** `actions.POST.<key>` / `actions.PUT.<key>` of an OPTIONS answer. */
const optionsKey = (f: Finding, x: Exchange, key: string) =>
  x.record.method === 'OPTIONS' && new RegExp(`^actions\\.(POST|PUT)\\.${key}$`).test(f.path);

/** `device_role` on devices, `site` on prefixes, VLAN groups and clusters: keys NetBox 4.6 no longer sends. */
export function olderKey(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body' || f.missing !== 'recorded') return false;
  const key = lastKey(f.path);
  if (key === 'device_role')
    return /\/api\/dcim\/devices\//.test(urlOf(parentAt(x.live.body, f.path))) || optionsKey(f, x, key);
  if (key === 'site')
    return SCOPED.test(urlOf(parentAt(x.live.body, f.path))) || (SCOPED.test(pathOnly(x)) && optionsKey(f, x, key));
  return false;
}

/**
 * What a `site` given on write to a prefix, VLAN group or cluster leads to: the object scoped to that
 * site (its scope fields, in responses and change data) and the site's prefix count.
 */
export function scopedBySite(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body') return false;
  const key = lastKey(f.path);
  const parent = parentAt(x.live.body, f.path);
  if (key === 'scope' || key === 'scope_type' || key === 'scope_id') {
    if (f.recorded !== null || f.ours === null || f.ours === undefined) return false;
    if (SCOPED.test(urlOf(parent))) return true;
    // a change record's data: its changed_object_type says whose
    const change = parentAt(x.live.body, f.path.replace(/\.(pre|post)change_data\.[a-z_]+$/, '.id'));
    const type = (change as { changed_object_type?: unknown } | undefined)?.changed_object_type;
    return /\.(pre|post)change_data\.scope(_type|_id)?$/.test(f.path) && SCOPED_TYPES.has(String(type));
  }
  if (key === 'prefix_count') return /\/api\/dcim\/sites\//.test(urlOf(parent)) && Number(f.ours) > Number(f.recorded);
  return false;
}
