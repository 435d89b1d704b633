import { isKnownTimeZone } from '../core/data/is-known-time-zone.js';
import type { ChartContext, ContextItem } from '../protocol/index.js';
import { formatInZone } from './build-system-prompt.js';

/**
 * What the user changed between two snapshots of a chart, in words ("symbol DEMO → BTCUSDT",
 * "period 1d → 1w", "indicators MA, VOL → VOL", "drawings 2 → 3", "selection cleared", "bar replay at
 * 2024-05-01 00:00 (later bars hidden)", "bar replay ended"). Empty when
 * nothing the model should know about changed. `chart` prefixes each line when several charts are connected.
 */
export function describeChartChanges(
  before: ChartContext | null,
  after: ChartContext | null,
  chart?: string,
): string[] {
  if (!before || !after) return [];
  const out: string[] = [];
  const at = chart ? `${chart}: ` : '';
  if (before.symbol !== after.symbol || before.source !== after.source) {
    out.push(
      `${at}symbol ${before.symbol} → ${after.symbol}${before.source !== after.source ? ` (source ${before.source} → ${after.source})` : ''}`,
    );
  }
  if (before.period !== after.period) out.push(`${at}period ${before.period} → ${after.period}`);
  const studies = (c: ChartContext) =>
    c.activeIndicators.map((i) => indicatorLabel(i.definitionId, i.params)).join(', ') || 'none';
  if (studies(before) !== studies(after)) out.push(`${at}indicators ${studies(before)} → ${studies(after)}`);
  const drawings = (c: ChartContext) => c.drawingSelection.drawings.length;
  if (drawings(before) !== drawings(after)) out.push(`${at}drawings ${drawings(before)} → ${drawings(after)}`);
  const selection = (c: ChartContext) =>
    c.selection
      ? `${new Date(c.selection.from).toISOString()}..${new Date(c.selection.to).toISOString()} (${c.selection.bars} bars)`
      : 'none';
  if (selection(before) !== selection(after))
    out.push(after.selection ? `${at}selection → ${selection(after)}` : `${at}selection cleared`);
  if (before.replay?.time !== after.replay?.time) {
    const zone = isKnownTimeZone(after.timezone) ? after.timezone : 'UTC';
    out.push(
      after.replay
        ? `${at}bar replay at ${formatInZone(after.replay.time, zone, false)} (later bars hidden)`
        : `${at}bar replay ended`,
    );
  }
  const selected = (c: ChartContext) => c.drawingSelection.selectedIds.join(',');
  if (selected(before) !== selected(after))
    out.push(
      `${at}selected drawings → ${after.drawingSelection.selectedIds.length ? after.drawingSelection.selectedIds.join(', ') : 'none'}`,
    );
  return out;
}

/** The `context.changed` item for a list of changes. */
export function chartChangeItem(changes: readonly string[]): ContextItem {
  return {
    kind: 'chart-change',
    label: changes.join('; '),
    text: `Since your last answer the user changed the chart: ${changes.join('; ')}. Use the current state, not what earlier messages say.`,
  };
}

function indicatorLabel(id: string, params: Readonly<Record<string, unknown>>): string {
  const values = Object.values(params).filter((v) => typeof v === 'number' || typeof v === 'string');
  return values.length ? `${id}(${values.join(',')})` : id;
}
