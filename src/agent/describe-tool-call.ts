type Rec = Record<string, unknown>;

/**
 * A tool call in words for an approval card: "Add MACD(12,26,5) in a new pane", "Switch the period
 * to 1w". Known chart tools get a sentence; any other tool its label and its arguments as
 * `key: value` pairs. Values are shown as text, never interpreted.
 */
export function describeToolCall(name: string, label: string, input: unknown): string {
  const a = asRec(input);
  const describe = DESCRIBERS[name];
  const sentence = describe ? describe(a) : null;
  if (sentence) return sentence;
  const pairs = Object.entries(a).map(([k, v]) => `${k}: ${short(v)}`);
  return pairs.length ? `${label}: ${pairs.join(', ')}` : label;
}

const DESCRIBERS: Record<string, (a: Rec) => string | null> = {
  chart_set_period: (a) => `Switch the period to ${short(a.period)}`,
  chart_set_symbol: (a) => `Switch the chart to ${short(a.symbol)}${a.sourceId ? ` (${short(a.sourceId)})` : ''}`,
  chart_set_visible_range: (a) =>
    a.lastBars !== undefined ? `Show the last ${short(a.lastBars)} bars` : `Show ${short(a.from)} to ${short(a.to)}`,
  chart_set_selection: (a) => (a.clear ? 'Clear the selection' : `Select ${short(a.from)} to ${short(a.to)}`),
  indicators_add: (a) => {
    const where = a.paneId === 'price' ? ' on the price pane' : a.paneId ? ` in pane ${short(a.paneId)}` : '';
    return `Add ${study(a.definitionId, a.params)}${where}`;
  },
  indicators_update: (a) => `Change ${short(a.instanceId)} to ${params(a.params) || 'new settings'}`,
  indicators_remove: (a) => `Remove the indicator ${short(a.instanceId)}`,
  pane_resize: (a) =>
    `Resize panes: ${Object.entries(asRec(a.weights))
      .map(([k, v]) => `${short(k)} → ${short(v)}`)
      .join(', ')}`,
  pane_move: (a) =>
    a.direction === 'top' || a.direction === 'bottom'
      ? `Move the pane ${short(a.paneId)} to the ${short(a.direction)}`
      : `Move the pane ${short(a.paneId)} ${short(a.direction)}`,
  drawing_create: (a) => {
    const points = Array.isArray(a.points) ? a.points.map((p) => short(asRec(p).price)).join(', ') : '';
    return `Draw a ${String(a.kind ?? 'drawing').replace(/_/g, ' ')}${points ? ` at ${points}` : ''}${a.label ? ` labelled “${short(a.label)}”` : ''}`;
  },
  drawing_update: (a) => `Change the drawing ${short(a.id)}`,
  drawing_delete: (a) => `Delete ${count(a.ids, 'drawing')}`,
  drawings_copy: (a) => `Copy ${count(a.ids, 'drawing')}`,
  drawings_clear: () => 'Delete every drawing on this instrument',
  comparison_create: (a) => `Compare with ${short(a.symbol)}`,
  comparison_remove: (a) => `Stop comparing with ${short(a.symbol)}`,
  settings_update: (a) =>
    `Change settings: ${Object.entries(asRec(a.values))
      .map(([k, v]) => `${k} → ${short(v)}`)
      .join(', ')}`,
  settings_reset: (a) => (Array.isArray(a.keys) ? `Reset ${a.keys.map(short).join(', ')}` : 'Reset every setting'),
  history_undo: () => 'Undo the last change',
  history_redo: () => 'Redo the last undone change',
  history_undo_run: () => 'Undo everything an earlier reply changed',
};

function study(id: unknown, p: unknown): string {
  const list = params(p);
  return `${short(id)}${list ? `(${list})` : ''}`;
}

function params(p: unknown): string {
  return Object.values(asRec(p))
    .filter((v) => typeof v === 'number' || typeof v === 'string')
    .map(short)
    .join(',');
}

function count(ids: unknown, noun: string): string {
  const n = Array.isArray(ids) ? ids.length : 0;
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? '');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function asRec(value: unknown): Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : {};
}
