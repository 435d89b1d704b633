import { isKnownTimeZone } from '../core/data/is-known-time-zone.js';
import type { ChartContext, ContextItem, ToolDescriptor } from '../protocol/index.js';

/** Arguments of {@link buildSystemPrompt}. */
export interface SystemPromptArgs {
  readonly now: Date;
  readonly context: ChartContext | null;
  readonly items: readonly ContextItem[];
  readonly tools: readonly ToolDescriptor[];
  /** The panel's locale, a hint for the answer language when the user's own is unclear. */
  readonly locale?: string;
}

const RULES = [
  'You operate a candlestick (K-line) chart through tools. Act through the tools: never describe a change you could make instead of making it, and never claim a change you did not make.',
  'When a request is ambiguous, or an instrument lookup returns several matches, call ask_user with one option per candidate instead of guessing.',
  'Query compactly: use a small `limit` and request only the time ranges you need; reuse results you already have in this conversation instead of querying again.',
  'After changing the chart, confirm briefly what changed (one or two sentences).',
  'Times are in the market timezone shown below, unless the user says otherwise.',
  "Answer in the user's language.",
  'If a tool returns an error, read its message and recommendedAction, correct the call once, and tell the user if it still fails.',
];

/**
 * The system message of a run: fixed rules, the current time in the market's timezone, a summary
 * of the chart context, the attached context items, and the names of this run's tools.
 */
export function buildSystemPrompt(args: SystemPromptArgs): string {
  const timeZone = validTimeZone(args.context?.timezone) ?? 'UTC';
  const lines: string[] = ['# Rules', ...RULES.map((rule) => `- ${rule}`), ''];
  lines.push('# Now');
  lines.push(
    `Current time: ${formatInZone(args.now.getTime(), timeZone, true)} (${weekday(args.now, timeZone)}, timezone ${timeZone}).`,
  );
  if (args.locale) lines.push(`User interface locale: ${args.locale}.`);
  lines.push('');
  lines.push('# Chart');
  lines.push(...describeContext(args.context, timeZone));
  if (args.items.length > 0) {
    lines.push('');
    lines.push('# Context attached by the user');
    for (const item of args.items) lines.push(`## ${item.label} (${item.kind})`, item.text);
  }
  lines.push('');
  lines.push('# Tools available in this run');
  lines.push(args.tools.length > 0 ? args.tools.map((t) => t.name).join(', ') : '(none)');
  return lines.join('\n');
}

function describeContext(context: ChartContext | null, timeZone: string): string[] {
  if (!context) return ['No data is loaded in the chart yet.'];
  const range = (r: { from: number; to: number; bars: number }) =>
    `${formatInZone(r.from, timeZone, false)} → ${formatInZone(r.to, timeZone, false)} (${r.bars} bars)`;
  const lines = [
    `Instrument: ${context.symbol}${context.symbolName && context.symbolName !== context.symbol ? ` (${context.symbolName})` : ''}` +
      `${context.exchange ? `, exchange ${context.exchange}` : ''}${context.market ? `, market ${context.market}` : ''}, source ${context.source}.`,
    `Period: ${context.period}.`,
    `Loaded data: ${range(context.dataRange)}.`,
    `Visible range: ${range(context.visibleRange)}.`,
    `Active indicators: ${
      context.activeIndicators.length > 0
        ? context.activeIndicators
            .map((i) => `${i.instanceId} (${i.definitionId}${formatParams(i.params)}, pane ${i.paneId})`)
            .join('; ')
        : 'none'
    }.`,
  ];
  const s = context.selection;
  lines.push(
    s
      ? `Selection: ${range(s)}; open ${s.open}, high ${s.high}, low ${s.low}, close ${s.close}, change ${s.changePct.toFixed(2)}%, volume ${s.volume}.`
      : 'Selection: none.',
  );
  if (context.drawingSelection.selectedIds.length > 0)
    lines.push(`Selected drawings: ${context.drawingSelection.selectedIds.join(', ')}.`);
  if (context.comparisons.length > 0)
    lines.push(`Comparisons: ${context.comparisons.map((c) => c.symbol).join(', ')}.`);
  const r = context.replay;
  if (r)
    lines.push(
      `Bar replay (${r.playing ? `playing, ${r.speed} bars/s` : 'paused'}): the chart shows the bars up to ${formatInZone(r.time, timeZone, false)} only; ` +
        'later bars exist but are hidden, from the user too (they are practising on the past), and every tool result ends there. ' +
        'Do not take that bar for the latest price, and do not reveal or guess later prices.',
    );
  return lines;
}

function formatParams(params: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(params);
  return entries.length > 0 ? ` ${entries.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',')}` : '';
}

function validTimeZone(zone: string | undefined): string | null {
  return zone && isKnownTimeZone(zone) ? zone : null;
}

/** `YYYY-MM-DD HH:mm` in `timeZone`, with `UTC±hh:mm` when `withOffset`. */
export function formatInZone(epochMs: number, timeZone: string, withOffset: boolean): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(withOffset ? { timeZoneName: 'longOffset' as const } : {}),
  }).formatToParts(new Date(epochMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
  if (!withOffset) return text;
  // longOffset gives "GMT+08:00", or plain "GMT" for UTC itself.
  const offset = get('timeZoneName').replace(/^GMT/, '') || '+00:00';
  return `${text} UTC${offset}`;
}

function weekday(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(date);
}
