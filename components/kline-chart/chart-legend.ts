import { html, nothing, type TemplateResult } from 'lit';
import { styleProps } from '../style-props.js';
import {
  renderIndicatorLegendEntry,
  splitStudyLabel,
  type IndicatorLegendActions,
  type IndicatorLegendStrings,
} from '../indicator-settings/indicator-legend-entry.js';
import { formatCompact, formatFixed, formatStudyValue } from '../../src/render/format-number.js';
import { stripBidiControls, type Series } from '../../src/core/data/index.js';
import { formatBarTime, type PaneLayoutSpec, type ZonedClock } from '../../src/render/index.js';

/** Formats a price with the instrument's precision or a sensible default. */
export function formatPrice(v: number, precision?: number): string {
  if (!Number.isFinite(v)) return '—';
  if (precision !== undefined) return formatFixed(v, precision);
  const a = Math.abs(v);
  return formatFixed(v, a >= 1 ? 2 : 4);
}

/** A volume, compact in `locale`: `7.85M` in English, `785万` in Chinese and Japanese. */
export function formatVolume(v: number, locale = 'en'): string {
  if (!Number.isFinite(v)) return '—';
  return Math.abs(v) < 1e3 ? v.toFixed(0) : formatCompact(v, locale);
}

/** How the legend writes numbers: the UI locale, the price's decimals, the colour convention. */
export interface LegendFormat {
  readonly locale: string;
  readonly pricePrecision?: number;
  /** `red-up`: a rising bar's values take the colour of rising candles, red (the canvas swaps them too). */
  readonly redUp?: boolean;
}

/** The price legend: instrument, then OHLCV and change % of the bar under the crosshair (or the last). */
export function renderPriceLegend(
  series: Series | null,
  index: number | null,
  clock: ZonedClock,
  labels: { open: string; high: string; low: string; close: string; volume: string; change: string },
  format: LegendFormat = { locale: 'en' },
): TemplateResult | typeof nothing {
  if (!series || series.bars.length === 0) return nothing;
  const { bars, instrument, period } = series;
  const i = index === null ? bars.length - 1 : Math.max(0, Math.min(bars.length - 1, index));
  const prevClose = i > 0 ? bars.close[i - 1] : bars.open[i];
  const change = bars.close[i] - prevClose;
  const pct = prevClose !== 0 ? (change / prevClose) * 100 : 0;
  // `.up`/`.down` are the green/red text colours: under red-up a rising bar is red like its candle.
  const dir = change >= 0 !== !!format.redUp ? 'up' : 'down';
  const p = instrument.pricePrecision;
  const intraday = !['1d', '1w', '1M'].includes(period);
  // The signs are joined to their numbers: one text each, so a sign that comes or goes changes a text, not the nodes.
  return html`<div class="row">
      <span class="title">${titleParts(instrument, period)}</span>
      <span class="muted">${formatBarTime(bars.time[i], clock, intraday)}</span>
    </div>
    <div class="row ${dir}" data-testid="ohlc">
      <span><span class="muted">${labels.open}</span> ${formatPrice(bars.open[i], p)}</span>
      <span><span class="muted">${labels.high}</span> ${formatPrice(bars.high[i], p)}</span>
      <span><span class="muted">${labels.low}</span> ${formatPrice(bars.low[i], p)}</span>
      <span><span class="muted">${labels.close}</span> ${formatPrice(bars.close[i], p)}</span>
      <span>${(change >= 0 ? '+' : '') + formatPrice(change, p)} (${(change >= 0 ? '+' : '') + pct.toFixed(2)}%)</span>
      <span><span class="muted">${labels.volume}</span> ${formatVolume(bars.volume[i], format.locale)}</span>
    </div>`;
}

/** Symbol · name · period · exchange, leaving out an empty exchange and a name that only repeats the symbol. */
function titleParts(instrument: Series['instrument'], period: string): TemplateResult[] {
  const { symbol, name, exchange } = instrument;
  const parts = [userText(symbol)];
  if (name && name !== symbol) parts.push(userText(name));
  parts.push(html`${period}`);
  if (exchange) parts.push(userText(exchange));
  return parts.map((part, i) => (i ? html` · ${part}` : part));
}

/**
 * Text from data or a model in the legend: isolated (`<bdi>`), so a right-to-left name never reorders
 * the separators and values around it, and without bidi controls, which could still reorder it inside.
 */
export function userText(text: string): TemplateResult {
  return html`<bdi>${stripBidiControls(text)}</bdi>`;
}

/** A study value: compact for volumes and large numbers, the price's decimals on the price pane. */
export function formatValue(v: number, kind: PaneLayoutSpec['kind'], format: LegendFormat = { locale: 'en' }): string {
  return formatStudyValue(v, kind, format.locale, format.pricePrecision);
}

/**
 * Values of a pane's series at the crosshair, with the study label: one `.study` group per study (the
 * groups do not box anything on a wide chart; on a narrow one each wraps as a whole to the next line).
 * `lead`: the first study's title is the legends' one Tab stop (the roving-focus chunk moves it later).
 */
export function renderSeriesValues(
  spec: PaneLayoutSpec,
  index: number | null,
  titles: ReadonlyMap<string, string>,
  actions?: IndicatorLegendActions,
  format: LegendFormat = { locale: 'en' },
  strings?: IndicatorLegendStrings,
  lead = false,
): TemplateResult {
  const studies = new Map<string, PaneLayoutSpec['series'][number][]>();
  for (const s of spec.series) {
    const instanceId = s.key.split(':')[0];
    const lines = studies.get(instanceId);
    if (lines) lines.push(s);
    else studies.set(instanceId, [s]);
  }
  return html`${[...studies].map(([instanceId, lines], i) => {
    const title = titles.get(instanceId);
    const heading = title
      ? actions
        ? renderIndicatorLegendEntry({ instanceId, label: title, lead: lead && !i }, actions, strings)
        : renderPlainTitle(title)
      : nothing;
    return html`<span class="study" data-study=${instanceId}>${heading}${lines.map((s) => {
      if (s.hidden) return nothing;
      const v = s.values[index === null ? s.values.length - 1 : index];
      return html`<span class="study-value" ${styleProps({ color: s.color })}>${s.label} ${formatValue(v, spec.kind, format)}</span>`;
    })}</span>`;
  })}`;
}

function renderPlainTitle(title: string): TemplateResult {
  const { name, params } = splitStudyLabel(title);
  return html`<span class="title">${name}${params ? html`<span class="study-params">${params}</span>` : nothing}</span>`;
}
