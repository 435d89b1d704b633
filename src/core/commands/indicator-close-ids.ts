/** Edit distance counting an adjacent swap as one edit, so `MCAD` is one edit from `MACD`. */
function distance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The known ids closest to `query` (case-insensitive): substring matches first, then small edit
 * distances, then names containing the query. Used to suggest corrections in `not_found` errors.
 */
export function closeIndicatorIds(
  query: string,
  candidates: readonly { readonly id: string; readonly name?: string }[],
  max = 5,
): string[] {
  const q = query.trim().toUpperCase();
  if (!q) return candidates.slice(0, max).map((c) => c.id);
  const scored: { id: string; score: number }[] = [];
  for (const c of candidates) {
    const id = c.id.toUpperCase();
    const lengthGap = Math.abs(id.length - q.length);
    let score = distance(q, id);
    let related = score <= Math.max(1, Math.floor(Math.max(q.length, id.length) / 3));
    if (id.startsWith(q)) {
      score = Math.min(score, 0.5 + lengthGap * 0.05);
      related = true;
    } else if (id.includes(q) || q.includes(id)) {
      score = Math.min(score, 1 + lengthGap * 0.1);
      related = true;
    }
    if (c.name && q.length >= 3 && c.name.toUpperCase().includes(q)) {
      score = Math.min(score, 1.5);
      related = true;
    }
    if (related) scored.push({ id: c.id, score });
  }
  scored.sort((a, b) => a.score - b.score || a.id.localeCompare(b.id));
  return scored.slice(0, max).map((s) => s.id);
}
