// The toolbar's symbol and comparison search: a chunk the chart fetches on the first press of its symbol
// or compare button (chart-actions.ts search; issue #12), so a chart-only page never loads it.
import { css, html, type CSSResult, type TemplateResult } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { ToolResult } from '../../src/protocol/index.js';

/** One result of the toolbar search (`instruments_query_name`'s candidates). */
export interface SearchResult {
  readonly qualifiedSymbol: string;
  readonly name: string;
  readonly exchange: string;
}

/** The toolbar search's state, which the toolbar renders (chart-toolbar.ts). */
export interface SearchState {
  open: boolean;
  mode: 'symbol' | 'compare';
  results: SearchResult[];
}

/** The chart as the search sees it (`<kline-chart>`, kline-chart.ts): its reactive search state. */
export interface SearchChart {
  _search: SearchState;
}

/** What the search needs of the chart's insides (kline-chart.ts `#deps`). */
export interface SearchDeps {
  readonly core: ChartCore;
  /** Runs a tool as the user (a failure is shown as a notice). */
  run(name: string, input: unknown): Promise<ToolResult>;
  /** Focuses a part of the chart's shadow root after the next update (its "More" button when the part is not shown). */
  focusPart(part: string): void;
  /** Adds styles to the chart's shadow root (kline-chart.ts #adoptStyles). */
  adopt(styles: CSSResult): void;
}

/**
 * The open search's box and results, in the toolbar (chart-toolbar.ts): typing searches, Enter chooses the
 * first result, Escape closes; `strings` are the toolbar's words for the two modes.
 */
export function renderSearchBox(
  chart: SearchChart,
  d: SearchDeps,
  strings: { readonly search: string; readonly compare: string },
): TemplateResult {
  const { mode, results } = chart._search;
  const label = mode === 'compare' ? strings.compare : strings.search;
  return html`<input type="search" part="symbol-input" aria-label=${label} placeholder=${label}
      @input=${(e: Event) => void searchSymbols(chart, d, (e.target as HTMLInputElement).value)}
      @keydown=${(e: KeyboardEvent) => {
        e.stopPropagation();
        if (e.key === 'Enter' && results[0]) chooseSymbol(chart, d, results[0].qualifiedSymbol);
        // The open mode's: with no mode, Escape in the compare search opened the symbol search.
        if (e.key === 'Escape') toggleSearch(chart, d, mode);
      }} />
    <ul class="results" role="listbox">
      ${results.map(
        (r) => html`<li><button role="option" @click=${() => chooseSymbol(chart, d, r.qualifiedSymbol)}>
        <b>${r.qualifiedSymbol}</b><small>${r.name}</small></button></li>`,
      )}
    </ul>`;
}

/** Opens the search in `mode`, empty, with the first results listed and focus in its box. */
export function openSearch(chart: SearchChart, d: SearchDeps, mode: SearchState['mode']): void {
  // Before the box first renders: it is never drawn without its styles.
  d.adopt(searchStyles);
  chart._search = { open: true, mode, results: [] };
  void searchSymbols(chart, d, '');
  // What is typed next goes into the search box, as in any symbol search.
  d.focusPart('symbol-input');
}

/** The symbol or compare button (Escape in the box: the open mode): opens that search, or closes it with focus back on its button. */
export function toggleSearch(chart: SearchChart, d: SearchDeps, mode: SearchState['mode']): void {
  if (!(chart._search.open && chart._search.mode === mode)) return openSearch(chart, d, mode);
  chart._search = { open: false, mode, results: [] };
  d.focusPart(mode === 'compare' ? 'compare-button' : 'symbol-button');
}

/** Each chart's latest query: an earlier one's late answer is dropped. */
const latest = new WeakMap<SearchChart, object>();

/**
 * Lists the instruments matching `text` (up to 10) while the search is open. The last query wins: the
 * answer of an earlier one that comes later is dropped, and an answer after the search closed opens nothing.
 */
export async function searchSymbols(chart: SearchChart, d: SearchDeps, text: string): Promise<void> {
  const query = {};
  latest.set(chart, query);
  const result = await d.core.tools.execute(
    'instruments_query_name',
    { query: text || ' ', limit: 10 },
    { origin: 'user' },
  );
  if (result.success && latest.get(chart) === query && chart._search.open) {
    const data = result.data as { candidates: SearchResult[] };
    chart._search = { ...chart._search, results: data.candidates };
  }
}

/** A result chosen: the chart switches to it, or (compare mode) overlays it, as the agent's tools do. */
export function chooseSymbol(chart: SearchChart, d: SearchDeps, symbol: string): void {
  const mode = chart._search.mode;
  chart._search = { open: false, mode, results: [] };
  d.focusPart(mode === 'compare' ? 'compare-button' : 'symbol-button');
  // The compare button runs the very method the agent's comparison_create runs.
  void d.run(mode === 'compare' ? 'comparison_create' : 'chart_set_symbol', { symbol });
}

/**
 * The search box and its results (chart-toolbar.ts renders them while the search is open), with the chunk
 * rather than in the chart's first-paint styles (kline-chart.styles.ts); the rest of a result button's
 * look is the toolbar's `.toolbar button` there.
 */
export const searchStyles = css`
  .toolbar .search { position: relative; }
  .toolbar .search input {
    font: inherit; color: inherit; background: transparent; border: 1px solid var(--kline-border-color);
    border-radius: 4px; padding: 3px 7px; cursor: text; min-height: 26px; width: 140px;
  }
  .toolbar .results {
    position: absolute; z-index: 5; top: 100%; left: 0; min-width: 260px; margin: 2px 0 0; padding: 4px 0;
    list-style: none; background: var(--kline-background); border: 1px solid var(--kline-border-color);
    border-radius: 4px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.15);
  }
  .toolbar .results li button { width: 100%; text-align: left; display: flex; gap: 8px; }
  .toolbar .results small { color: var(--kline-muted-color); }
`;
