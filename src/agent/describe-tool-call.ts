type Rec = Record<string, unknown>;

/**
 * The words of an approval card. English ({@link EN_TOOL_CALL_PHRASES}) is what the session
 * records; the panel passes its locale's words (catalogue `panel.approval.calls`). Values (symbols,
 * ids, prices, study labels) are passed in as text, never interpreted.
 */
export interface ToolCallPhrases {
  readonly setPeriod: (period: string) => string;
  /** `source` is empty when the call names none. */
  readonly setSymbol: (symbol: string, source: string) => string;
  readonly showLastBars: (n: string) => string;
  readonly showRange: (from: string, to: string) => string;
  readonly clearSelection: string;
  readonly select: (from: string, to: string) => string;
  /** `pane`: `price`, a pane id, or empty (a new pane). */
  readonly addStudy: (study: string, pane: string) => string;
  /** `params` is empty when the call changes no parameter. */
  readonly changeStudy: (id: string, params: string) => string;
  readonly removeStudy: (id: string) => string;
  /** `weights`: `pane → weight` pairs. */
  readonly resizePanes: (weights: string) => string;
  /** `direction`: up, down, top or bottom. */
  readonly movePane: (pane: string, direction: string) => string;
  /** `kind`: the drawing kind's name; `kind`, `points` and `label` may be empty. */
  readonly draw: (kind: string, points: string, label: string) => string;
  readonly changeDrawing: (id: string) => string;
  readonly deleteDrawings: (n: number) => string;
  readonly copyDrawings: (n: number) => string;
  readonly clearDrawings: string;
  readonly compare: (symbol: string) => string;
  readonly stopComparing: (symbol: string) => string;
  /** `changes`: `setting → value` pairs. */
  readonly changeSettings: (changes: string) => string;
  readonly resetSettings: (keys: string) => string;
  readonly resetAllSettings: string;
  readonly undo: string;
  readonly redo: string;
  readonly undoRun: string;
  /** Any other tool: its label and its arguments as `name: value` pairs (`args` may be empty). */
  readonly other: (label: string, args: string) => string;
  /** Between the items of a list (points, pairs). */
  readonly separator: string;
}

/** Names the card shows besides the phrases (English: the ids themselves). */
export interface ToolCallNames {
  settingName?(key: string): string;
  settingValue?(key: string, value: string): string;
  drawingKind?(kind: string): string;
  paramName?(key: string): string;
}

export const EN_TOOL_CALL_PHRASES: ToolCallPhrases = {
  setPeriod: (period) => `Switch the period to ${period}`,
  setSymbol: (symbol, source) => `Switch the chart to ${symbol}${source ? ` (${source})` : ''}`,
  showLastBars: (n) => `Show the last ${n} bars`,
  showRange: (from, to) => `Show ${from} to ${to}`,
  clearSelection: 'Clear the selection',
  select: (from, to) => `Select ${from} to ${to}`,
  addStudy: (study, pane) => `Add ${study}${pane === 'price' ? ' on the price pane' : pane ? ` in pane ${pane}` : ''}`,
  changeStudy: (id, params) => `Change ${id} to ${params || 'new settings'}`,
  removeStudy: (id) => `Remove the indicator ${id}`,
  resizePanes: (weights) => `Resize panes: ${weights}`,
  movePane: (pane, direction) =>
    direction === 'top' || direction === 'bottom'
      ? `Move the pane ${pane} to the ${direction}`
      : `Move the pane ${pane} ${direction}`,
  draw: (kind, points, label) =>
    `Draw a ${kind || 'drawing'}${points ? ` at ${points}` : ''}${label ? ` labelled “${label}”` : ''}`,
  changeDrawing: (id) => `Change the drawing ${id}`,
  deleteDrawings: (n) => `Delete ${n} drawing${n === 1 ? '' : 's'}`,
  copyDrawings: (n) => `Copy ${n} drawing${n === 1 ? '' : 's'}`,
  clearDrawings: 'Delete every drawing on this instrument',
  compare: (symbol) => `Compare with ${symbol}`,
  stopComparing: (symbol) => `Stop comparing with ${symbol}`,
  changeSettings: (changes) => `Change settings: ${changes}`,
  resetSettings: (keys) => `Reset ${keys}`,
  resetAllSettings: 'Reset every setting',
  undo: 'Undo the last change',
  redo: 'Redo the last undone change',
  undoRun: 'Undo everything an earlier reply changed',
  other: (label, args) => (args ? `${label}: ${args}` : label),
  separator: ', ',
};

/**
 * A tool call in words for an approval card: "Add MACD(12,26,5) in a new pane", "Switch the period
 * to 1w"; in `phrases`' language (English by default). Known chart tools get a sentence; any other
 * tool its label and its arguments as `key: value` pairs. Values are shown as text, never interpreted.
 */
export function describeToolCall(
  name: string,
  label: string,
  input: unknown,
  phrases: ToolCallPhrases = EN_TOOL_CALL_PHRASES,
  names: ToolCallNames = {},
): string {
  const a = asRec(input);
  const describe = Object.hasOwn(DESCRIBERS, name) ? DESCRIBERS[name] : undefined;
  if (describe) return describe(a, phrases, names);
  const pairs = Object.entries(a).map(([k, v]) => `${names.paramName?.(k) ?? k}: ${short(v)}`);
  return phrases.other(label, pairs.join(phrases.separator));
}

type Describer = (a: Rec, p: ToolCallPhrases, names: ToolCallNames) => string;

const DESCRIBERS: Record<string, Describer> = {
  chart_set_period: (a, p) => p.setPeriod(short(a.period)),
  chart_set_symbol: (a, p) => p.setSymbol(short(a.symbol), a.sourceId ? short(a.sourceId) : ''),
  chart_set_visible_range: (a, p) =>
    a.lastBars !== undefined ? p.showLastBars(short(a.lastBars)) : p.showRange(short(a.from), short(a.to)),
  chart_set_selection: (a, p) => (a.clear ? p.clearSelection : p.select(short(a.from), short(a.to))),
  indicators_add: (a, p) => p.addStudy(study(a.definitionId, a.params), a.paneId ? short(a.paneId) : ''),
  indicators_update: (a, p) => p.changeStudy(short(a.instanceId), params(a.params)),
  indicators_remove: (a, p) => p.removeStudy(short(a.instanceId)),
  pane_resize: (a, p) =>
    p.resizePanes(
      Object.entries(asRec(a.weights))
        .map(([k, v]) => `${short(k)} → ${short(v)}`)
        .join(p.separator),
    ),
  pane_move: (a, p) => p.movePane(short(a.paneId), short(a.direction)),
  drawing_create: (a, p, names) => {
    const points = Array.isArray(a.points) ? a.points.map((pt) => short(asRec(pt).price)).join(p.separator) : '';
    const kind = typeof a.kind === 'string' ? a.kind : '';
    const kindName = kind ? (names.drawingKind?.(kind) ?? kind.replace(/_/g, ' ')) : '';
    return p.draw(kindName, points, a.label ? short(a.label) : '');
  },
  drawing_update: (a, p) => p.changeDrawing(short(a.id)),
  drawing_delete: (a, p) => p.deleteDrawings(count(a.ids)),
  drawings_copy: (a, p) => p.copyDrawings(count(a.ids)),
  drawings_clear: (_a, p) => p.clearDrawings,
  comparison_create: (a, p) => p.compare(short(a.symbol)),
  comparison_remove: (a, p) => p.stopComparing(short(a.symbol)),
  settings_update: (a, p, names) =>
    p.changeSettings(
      Object.entries(asRec(a.values))
        .map(([k, v]) => `${names.settingName?.(k) ?? k} → ${settingValue(k, v, names)}`)
        .join(p.separator),
    ),
  settings_reset: (a, p, names) =>
    Array.isArray(a.keys)
      ? p.resetSettings(
          a.keys.map((k) => (typeof k === 'string' ? (names.settingName?.(k) ?? k) : short(k))).join(p.separator),
        )
      : p.resetAllSettings,
  history_undo: (_a, p) => p.undo,
  history_redo: (_a, p) => p.redo,
  history_undo_run: (_a, p) => p.undoRun,
};

function settingValue(key: string, value: unknown, names: ToolCallNames): string {
  const plain = typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number';
  return (plain && names.settingValue?.(key, String(value))) || short(value);
}

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

function count(ids: unknown): number {
  return Array.isArray(ids) ? ids.length : 0;
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? '');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function asRec(value: unknown): Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : {};
}
