/** Small collection helpers in linear time (appending to a map's list never copies it). */

/** Appends `value` to the list `map` keeps under `key`, starting the list when there is none. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
