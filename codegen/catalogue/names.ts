/** Every naming rule of the generator in one place: verbose names, labels, tables, identifiers. */

/** Words written in capitals in labels and verbose names, as NetBox writes them. */
const acronyms = new Set([
  'ip',
  'vrf',
  'vlan',
  'asn',
  'rir',
  'rd',
  'id',
  'mtu',
  'mac',
  'wwn',
  'url',
  'dns',
  'vm',
  'vc',
  'poe',
  'rf',
  'cid',
  'ipv4',
  'ipv6',
  'nat',
  'oob',
  'tx',
  'ca',
  'http',
  'ssl',
  'json',
  'vcpus',
]);

/** `SiteGroup` → `site group`, `IPAddress` → `IP address`, `VLANGroup` → `VLAN group` */
export function verboseFromClass(className: string): string {
  const words = className.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z0-9]+|[A-Z]+/g) ?? [className];
  return words.map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase())).join(' ');
}

/** Django's default plural: append "s" (or "es" after s/x/ch/sh; "ies" after consonant + y). */
export function pluralize(noun: string): string {
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** `time_zone` → `Time zone`, `vrf` → `VRF`, `primary_ip4` → `Primary IPv4` */
export function labelFromName(name: string): string {
  const words = name
    .replace(/^_+/, '')
    .split('_')
    .filter(Boolean)
    .map((w) => {
      if (acronyms.has(w)) return w === 'ipv4' ? 'IPv4' : w === 'ipv6' ? 'IPv6' : w.toUpperCase();
      const ip = /^ip([46])$/.exec(w);
      return ip ? `IPv${ip[1]}` : w;
    });
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** NetBox's table names: `<app>_<model>` with the model name lower-cased, no separators. */
export function tableName(app: string, model: string): string {
  return `${app}_${model}`;
}

export function sequenceName(table: string): string {
  return `${table}_id_seq`;
}

/** `site_group` → `siteGroup`; used for TypeScript identifiers in generated code. */
export function camel(name: string): string {
  return name.replace(/[_.-]([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** PostgreSQL identifiers are cut at 63 bytes; keep names unique by hashing the tail. */
export function pgName(name: string): string {
  if (name.length <= 63) return name;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${h.toString(16).padStart(8, '0')}`;
}

/** Naive singular for filter names of many-to-many fields (`asns` → `asn`). */
export function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('sses')) return name.slice(0, -2);
  if (name.endsWith('s')) return name.slice(0, -1);
  return name;
}

/** Plain code-point comparison: byte-stable across machines and locales. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
