/**
 * The finding paths of compare.ts (`results[id=3].region.name`, `[0].body.model`, `actions.POST.url`)
 * read back: split into steps, and the value a path (or its parent) names in a body.
 */

export type Step = { key: string } | { index: number } | { id: number };

export function steps(path: string): Step[] {
  const out: Step[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(id=)?(\d+)\]|\[(ids|length)\]/g)) {
    if (m[1] !== undefined) out.push({ key: m[1] });
    else if (m[3] !== undefined) out.push(m[2] ? { id: Number(m[3]) } : { index: Number(m[3]) });
    else if (m[4] !== undefined) out.push({ key: `[${m[4]}]` });
  }
  return out;
}

export function valueAt(body: unknown, path: string | Step[]): unknown {
  let v: unknown = body;
  for (const s of typeof path === 'string' ? steps(path) : path) {
    if ('key' in s) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as any)[s.key] : undefined;
    else if ('index' in s) v = Array.isArray(v) ? v[s.index] : undefined;
    else v = Array.isArray(v) ? v.find((x) => x && typeof x === 'object' && (x as any).id === s.id) : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

/** The object holding the key a path ends in. */
export function parentAt(body: unknown, path: string): unknown {
  return valueAt(body, steps(path).slice(0, -1));
}

/** The last key of a path (`name` for `results[id=3].region.name`). */
export function lastKey(path: string): string | undefined {
  const last = steps(path).at(-1);
  return last && 'key' in last ? last.key : undefined;
}
