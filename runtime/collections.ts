/** Small collection helpers in linear time (appending to a map's list never copies it). */

/** Appends `value` to the list `map` keeps under `key`, starting the list when there is none. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A lookup that cannot miss unless the code around it is wrong: the value, or an error naming what was sought. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what}: not found`);
  return value;
}

/** The last of a list that is never empty (the values of a query parameter, a path's steps). */
export function last<T>(list: readonly T[]): T {
  if (list.length === 0) throw new Error('an empty list has no last item');
  return list[list.length - 1];
}

/** The end of a switch that names every member of a union: a member without its case fails to compile here. */
export function unreachable(value: never, what: string): never {
  throw new Error(`${what}: ${JSON.stringify(value)} has no case`);
}
