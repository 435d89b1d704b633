import { html, nothing, type TemplateResult } from 'lit';
import type { Series } from '../../src/core/data/index.js';
import { formatBarTime, type PaneLayoutSpec, type ZonedClock } from '../../src/render/index.js';
import { formatPrice, formatValue, formatVolume } from './chart-legend.js';

/** Most rows the table lists (the newest visible bars beyond this are kept). */
const MAX_ROWS = 1000;

export interface DataTableModel {
  readonly series: Series | null;
  readonly view: { start: number; end: number } | null;
  readonly specs: readonly PaneLayoutSpec[];
  readonly titles: ReadonlyMap<string, string>;
  readonly clock: ZonedClock;
  /** BCP-47 tag for number formats. */
  readonly locale?: string;
  readonly strings: {
    dataTable: string;
    time: string;
    openFull: string;
    highFull: string;
    lowFull: string;
    closeFull: string;
    volumeFull: string;
  };
}

/** The text alternative of the canvases: a real table of the visible bars and the indicator values. */
export function renderDataTable(m: DataTableModel): TemplateResult | typeof nothing {
  const { series, view } = m;
  if (!series || !view || series.bars.length === 0) return nothing;
  const { bars, period, instrument } = series;
  const n = bars.length;
  const last = Math.min(n - 1, Math.floor(view.end));
  const first = Math.max(0, Math.ceil(view.start), last - MAX_ROWS + 1);
  const columns = m.specs.flatMap((spec) =>
    spec.series.map((s) => {
      const instanceId = s.key.split(':')[0];
      const title = m.titles.get(instanceId) ?? instanceId;
      return { heading: title === s.label ? title : `${title} ${s.label}`, values: s.values, kind: spec.kind };
    }),
  );
  const intraday = !['1d', '1w', '1M'].includes(period);
  const p = instrument.pricePrecision;
  const rows: TemplateResult[] = [];
  for (let i = first; i <= last; i++) {
    rows.push(html`<tr><th scope="row">${formatBarTime(bars.time[i], m.clock, intraday)}</th>
      <td>${formatPrice(bars.open[i], p)}</td><td>${formatPrice(bars.high[i], p)}</td><td>${formatPrice(bars.low[i], p)}</td>
      <td>${formatPrice(bars.close[i], p)}</td><td>${formatVolume(bars.volume[i], m.locale)}</td>
      ${columns.map((c) => html`<td>${formatValue(c.values[i], c.kind, { locale: m.locale ?? 'en', pricePrecision: p })}</td>`)}</tr>`);
  }
  const s = m.strings;
  return html`<div class="data-table" role="region" aria-label=${s.dataTable} tabindex="0">
    <table part="data-table">
      <caption>${instrument.symbol} · ${period} · ${m.clock.timeZone}</caption>
      <thead><tr><th scope="col">${s.time}</th><th scope="col">${s.openFull}</th><th scope="col">${s.highFull}</th>
        <th scope="col">${s.lowFull}</th><th scope="col">${s.closeFull}</th><th scope="col">${s.volumeFull}</th>
        ${columns.map((c) => html`<th scope="col">${c.heading}</th>`)}</tr></thead>
      <tbody>${rows}</tbody>
    </table>
  </div>`;
}
