import { css, html, nothing, type TemplateResult } from 'lit';
import type { Series } from '../../src/core/data/index.js';
import { formatBarTime, type PaneLayoutSpec, type ZonedClock } from '../../src/render/index.js';
import { formatPrice, formatValue, formatVolume } from './chart-legend.js';
import { chartMoreStrings } from './chart-more-strings.js';

/** The table's rules, adopted by the chart's shadow root when this chunk arrives. */
export const dataTableStyles = css`
  .data-table {
    position: absolute; inset: 0; z-index: 6; overflow: auto; background: var(--kline-background);
    font-variant-numeric: tabular-nums;
  }
  .data-table:focus-visible { outline: var(--kline-focus-width) solid var(--kline-accent-color); outline-offset: -2px; }
  .data-table table { border-collapse: collapse; width: 100%; font-size: 12px; }
  .data-table caption { text-align: left; padding: 4px 8px; font-weight: 600; }
  .data-table th, .data-table td { padding: 2px 8px; text-align: right; border-bottom: 1px solid var(--kline-border-color); white-space: nowrap; }
  .data-table th[scope='row'], .data-table thead th:first-child { text-align: left; font-weight: normal; }
  .data-table thead th { position: sticky; top: 0; background: var(--kline-toolbar-background); font-weight: 600; }
`;

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
  /** The region's name and the time column's head (the price columns' heads are chart-more-strings.ts's). */
  readonly strings: {
    dataTable: string;
    time: string;
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
  const f = chartMoreStrings(m.locale ?? 'en');
  return html`<div class="data-table" role="region" aria-label=${s.dataTable} tabindex="0">
    <table part="data-table">
      <caption>${instrument.symbol} · ${period} · ${m.clock.timeZone}</caption>
      <thead><tr><th scope="col">${s.time}</th><th scope="col">${f.openFull}</th><th scope="col">${f.highFull}</th>
        <th scope="col">${f.lowFull}</th><th scope="col">${f.closeFull}</th><th scope="col">${f.volumeFull}</th>
        ${columns.map((c) => html`<th scope="col">${c.heading}</th>`)}</tr></thead>
      <tbody>${rows}</tbody>
    </table>
  </div>`;
}
