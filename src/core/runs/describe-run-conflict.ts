import type { RunConflict } from '../../protocol/index.js';

/**
 * The words for why a run cannot be undone. English ({@link EN_RUN_CONFLICTS}) is what the model
 * reads; the panel passes its locale's words (catalogue `panel.runChanges.conflicts`).
 */
export interface RunConflictPhrases {
  /** The symbol or the period changed after the run. */
  readonly target: string;
  readonly selection: string;
  readonly indicator: (id: string) => string;
  readonly pane: (id: string) => string;
  readonly drawing: (id: string) => string;
  readonly priceLine: (id: string) => string;
  readonly marker: (id: string) => string;
  readonly comparison: (id: string) => string;
  /** `name`: the setting's key, or its name for people. */
  readonly setting: (name: string) => string;
  /** Any other part of the chart. */
  readonly other: (part: string) => string;
  readonly nothing: string;
  readonly unsupported: string;
}

/** What a conflict names besides the phrases: a setting by its key (English: the key itself). */
export interface RunConflictNames {
  settingName?(key: string): string;
}

export const EN_RUN_CONFLICTS: RunConflictPhrases = {
  target: 'the symbol or period changed since',
  selection: 'the selection changed since',
  indicator: (id) => `indicator ${id} changed since`,
  pane: (id) => `pane ${id} changed since`,
  drawing: (id) => `drawing ${id} changed since`,
  priceLine: (id) => `price line ${id} changed since`,
  marker: (id) => `marker ${id} changed since`,
  comparison: (id) => `comparison ${id} changed since`,
  setting: (name) => `setting ${name} changed since`,
  other: (part) => `${part} changed since`,
  nothing: 'this run changed nothing on this chart',
  unsupported: 'the chart cannot undo runs',
};

/** One conflict in `phrases`' language (English by default), prefixed with its chart when it names one. */
export function describeRunConflict(
  conflict: RunConflict,
  phrases: RunConflictPhrases = EN_RUN_CONFLICTS,
  names: RunConflictNames = {},
): string {
  const text = conflictText(conflict, phrases, names);
  return conflict.chartId ? `${conflict.chartId}: ${text}` : text;
}

function conflictText(c: RunConflict, p: RunConflictPhrases, names: RunConflictNames): string {
  if (c.reason === 'nothing') return p.nothing;
  if (c.reason === 'unsupported') return p.unsupported;
  const key = c.key ?? '';
  switch (c.slice) {
    case 'target':
      return p.target;
    case 'selection':
      return p.selection;
    case 'indicators':
      return p.indicator(key);
    case 'panes':
      return p.pane(key);
    case 'drawings':
      return p.drawing(key);
    case 'priceLines':
      return p.priceLine(key);
    case 'markers':
      return p.marker(key);
    case 'comparisons':
      return p.comparison(key);
    case 'settings':
      return p.setting(names.settingName?.(key) ?? key);
    default:
      return p.other(key ? `${c.slice ?? ''} ${key}` : (c.slice ?? ''));
  }
}
