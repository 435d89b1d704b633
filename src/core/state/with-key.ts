/**
 * A per-instrument map (drawings, markers, price lines by `sourceId:symbol`) with `key`'s list
 * replaced; an empty list removes the key, so a layout does not keep empty entries.
 */
export function withKey<T>(
  map: Readonly<Record<string, readonly T[]>>,
  key: string,
  list: readonly T[],
): Record<string, readonly T[]> {
  const next = { ...map };
  if (list.length) next[key] = list;
  else delete next[key];
  return next;
}
