/**
 * The charts a panel's `for` names when it names several: `'*'` (every chart in the document), a
 * list of ids (`for="a b"`), or null for the single-chart forms (one id, or empty: the first chart).
 */
export function chartTargets(value: string | null | undefined): '*' | string[] | null {
  const text = (value ?? '').trim();
  if (text === '*') return '*';
  const ids = text.split(/\s+/).filter((id) => id !== '');
  return ids.length > 1 ? ids : null;
}

/** Whether a panel whose `for` is `value` connects to chart `chartId`. */
export function wantsChart(value: string | null | undefined, chartId: string | undefined): boolean {
  const text = (value ?? '').trim();
  if (!text || text === '*') return true;
  const targets = chartTargets(text);
  return targets ? targets.includes(chartId ?? '') : chartId === text;
}
