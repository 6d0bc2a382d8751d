/**
 * Parses display rules: `"{name} ({facility_id})"`, or a list of such alternatives. A filter may take a
 * second path (`{start_address|ip_range:end_address}`).
 */
import type { Catalogue, DisplayRule, DisplayPart } from '../../runtime/catalogue/ir.ts';

const filters = new Set([
  'mask',
  'asdot',
  'host',
  'upper',
  'masklen',
  'filename',
  'title',
  'type_name',
  'label',
  'label_lower',
]);

/** Filters that read a second path, given after a colon. */
const withArgument = new Set(['ip_range']);

export function parseDisplay(rule: string | string[]): DisplayRule {
  const alternatives = Array.isArray(rule) ? rule : [rule];
  return alternatives.map((text) => {
    const parts: DisplayPart[] = [];
    const re = /\{([^{}]+)\}/g;
    let last = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m.index > last) parts.push({ text: text.slice(last, m.index) });
      const [path = '', call] = (m[1] ?? '').split('|') as [string, string | undefined];
      const [filter, arg] = call === undefined ? [] : call.split(':').map((x) => x.trim());
      if (filter !== undefined && !filters.has(filter) && !withArgument.has(filter))
        throw new Error(`unknown display filter "${filter}"`);
      if (filter !== undefined && withArgument.has(filter) !== (arg !== undefined))
        throw new Error(`display filter "${filter}" ${arg === undefined ? 'needs' : 'takes no'} a second path`);
      const steps = path.trim().split('.');
      parts.push(filter ? { path: steps, filter, ...(arg ? { arg: arg.split('.') } : {}) } : { path: steps });
      last = m.index + m[0].length;
    }
    if (last < text.length) parts.push({ text: text.slice(last) });
    if (!parts.some((p) => p.path)) throw new Error(`"${text}" names no field`);
    return parts;
  });
}

/** The models whose display a display path shows: the object its last relation names (none for a value). */
function shownModels(catalogue: Catalogue, key: string, path: readonly string[]): string[] {
  let model = catalogue.models[key];
  for (const [i, name] of path.entries()) {
    const f = model?.fields.find((x) => x.name === name);
    if (!f) return [];
    if (i === path.length - 1) return f.kind === 'fk' ? [f.to] : f.kind === 'generic' ? [...f.types] : [];
    const c = f.kind === 'computed' && f.computed.type === 'reverse_list' ? f.computed : undefined;
    model = catalogue.models[f.kind === 'fk' ? f.to : (c?.model ?? '')];
  }
  return [];
}

/**
 * Display rules that show themselves through relations (a model's display shows an object whose display
 * shows the first again): they would never end. One fault per cycle found, at its first model (`at`).
 */
export function displayCycleFaults(catalogue: Catalogue, at: (key: string) => string): string[] {
  const edges = new Map<string, string[]>();
  for (const [key, m] of Object.entries(catalogue.models))
    edges.set(key, [...new Set(m.display.flat().flatMap((p) => (p.path ? shownModels(catalogue, key, p.path) : [])))]);
  const faults: string[] = [];
  const done = new Set<string>();
  const visit = (key: string, trail: string[]): void => {
    if (trail.includes(key)) {
      const cycle = [...trail.slice(trail.indexOf(key)), key];
      faults.push(`${at(key)}.display: shows itself through relations (${cycle.join(' -> ')})`);
      return;
    }
    if (done.has(key)) return;
    for (const next of edges.get(key) ?? []) visit(next, [...trail, key]);
    done.add(key);
  };
  for (const key of edges.keys()) visit(key, []);
  return faults;
}
