import { html, nothing, type TemplateResult } from 'lit';
import { PERIODS, stripBidiControls, type Period } from '../../src/core/data/index.js';

export interface ToolbarModel {
  readonly mode: 'full' | 'minimal' | 'none';
  /** A narrow chart: periods and the compare button move into the "More" menu (part of `extra`). */
  readonly compact?: boolean;
  /** The compare button is in the "More" menu (the row is too short for it). */
  readonly compareInMenu?: boolean;
  readonly symbol: string;
  readonly period: Period | null;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly searchOpen: boolean;
  /** What choosing a search result does: switch the chart's symbol or overlay a comparison. */
  readonly searchMode: 'symbol' | 'compare';
  /** The open search's box and results (made by its chunk, symbol-search.ts `renderSearchBox`). */
  readonly searchBox: TemplateResult | typeof nothing;
  readonly strings: {
    undo: string;
    redo: string;
    search: string;
    compare: string;
    compareButton: string;
    toolbar: string;
  };
}

export interface ToolbarActions {
  setPeriod(period: Period): void;
  toggleSearch(mode: 'symbol' | 'compare'): void;
  undo(): void;
  redo(): void;
}

/** The toolbar: symbol search, period switcher, undo/redo. Every button calls a command method. */
export function renderToolbar(
  m: ToolbarModel,
  a: ToolbarActions,
  extra: TemplateResult | typeof nothing = nothing,
): TemplateResult | typeof nothing {
  if (m.mode === 'none') return nothing;
  const compact = m.compact === true && m.mode === 'full';
  const periods: readonly Period[] = compact ? [] : m.mode === 'minimal' ? ['5m', '1h', '1d', '1w'] : PERIODS;
  return html`<div class="toolbar" part="toolbar" role="toolbar" aria-label=${m.strings.toolbar}>
    <span class="search">
      <button class="symbol" part="symbol-button" aria-haspopup="listbox" aria-expanded=${m.searchOpen && m.searchMode === 'symbol'} title=${m.strings.search} @click=${() => a.toggleSearch('symbol')}>${stripBidiControls(m.symbol) || '—'}</button>
      ${
        m.mode === 'full' && !compact && m.compareInMenu !== true
          ? html`<button part="compare-button" aria-haspopup="listbox" aria-expanded=${m.searchOpen && m.searchMode === 'compare'} title=${m.strings.compare} aria-label=${m.strings.compare} @click=${() => a.toggleSearch('compare')}>+ ${m.strings.compareButton}</button>`
          : nothing
      }
      ${m.searchBox}
    </span>
    ${compact ? nothing : html`<span class="sep"></span>`}
    ${periods.map((p) => html`<button part="period-button" data-period=${p} aria-pressed=${m.period === p} @click=${() => a.setPeriod(p)}>${p}</button>`)}
    ${
      m.mode === 'full'
        ? html`${compact ? nothing : html`<span class="sep"></span>`}
          <button part="undo-button" title=${`${m.strings.undo} (Ctrl/Cmd+Z)`} aria-label=${m.strings.undo} aria-keyshortcuts="Control+Z Meta+Z" ?disabled=${!m.canUndo} @click=${a.undo}>↶</button>
          <button part="redo-button" title=${`${m.strings.redo} (Ctrl/Cmd+Y)`} aria-label=${m.strings.redo} aria-keyshortcuts="Control+Y Meta+Y" ?disabled=${!m.canRedo} @click=${a.redo}>↷</button>
          ${extra}`
        : nothing
    }
  </div>`;
}
