/** Parses display rules: `"{name} ({facility_id})"`, or a list of such alternatives. */
import type { DisplayRule, DisplayPart } from '../../runtime/catalogue/ir.ts';

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

export function parseDisplay(rule: string | string[]): DisplayRule {
  const alternatives = Array.isArray(rule) ? rule : [rule];
  return alternatives.map((text) => {
    const parts: DisplayPart[] = [];
    const re = /\{([^{}]+)\}/g;
    let last = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m.index > last) parts.push({ text: text.slice(last, m.index) });
      const [path = '', filter] = (m[1] ?? '').split('|') as [string, string | undefined];
      if (filter !== undefined && !filters.has(filter)) throw new Error(`unknown display filter "${filter}"`);
      parts.push(filter ? { path: path.trim().split('.'), filter } : { path: path.trim().split('.') });
      last = m.index + m[0].length;
    }
    if (last < text.length) parts.push({ text: text.slice(last) });
    if (!parts.some((p) => p.path)) throw new Error(`"${text}" names no field`);
    return parts;
  });
}
