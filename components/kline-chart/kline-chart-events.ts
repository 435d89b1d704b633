import type { ChartContext } from '../../src/protocol/index.js';
import type { PersistEventDetail } from '../../src/core/persist/index.js';
import type { DataRequestDetail } from './chart-data-controller.js';
import type { PriceAlertFired } from '../../src/core/commands/price-alerts.js';
import type { PriceLineMovedDetail } from './price-line-drag.js';

export type { DataRequestDetail };

/** `detail` of `kline-ready`: the first data has loaded and painted. */
export interface KlineReadyDetail {
  readonly chartId: string;
}

/** `detail` of `kline-data-load`: bars were loaded (`bars` is their count). */
export interface KlineDataLoadDetail {
  readonly symbol: string;
  readonly period: string;
  readonly source: string;
  readonly bars: number;
}

/** `detail` of `kline-context-change`: the new context snapshot (`null` while nothing is loaded). */
export interface KlineContextChangeDetail {
  readonly context: ChartContext | null;
}

/** `detail` of `kline-selection-change`. */
export interface KlineSelectionChangeDetail {
  readonly selection: ChartContext['selection'] | null;
}

/** `detail` of `kline-change`: an action was committed (`replay` says when undo or redo re-applied it). */
export interface KlineChangeDetail {
  readonly action: string;
  readonly undoable: boolean;
  readonly replay?: 'undo' | 'redo';
  /** What the chart shows after the change (null before anything loaded), for two-way binding. */
  readonly symbol: string | null;
  readonly period: string | null;
  readonly source: string | null;
  /** Who made the change: `user`, `agent`, `host`, `attribute`, `undo`, `redo`, `live`, `history`, `load` or `replay` (bar replay). */
  readonly reason: string;
}

/** `detail` of `kline-error`: a failure the host should know about. */
export interface KlineErrorDetail {
  readonly code: string;
  readonly message: string;
  /** The 1-based line of a CSV/JSON file that failed to parse, when known. */
  readonly line?: number;
  /** `invalid_bars`: the first bad bar's index (-1 when what was given is not bars at all). */
  readonly index?: number;
  /** `invalid_bars`: why, e.g. `not_finite`, `unsorted`, `empty`, `not_bars`, `bad_option` (README "Validation"). */
  readonly reason?: string;
  /** `invalid_bars` of a live feed's summary: how many ticks were refused since the event before (README "Validation"). */
  readonly refused?: number;
}

/** `detail` of `kline-price-alert`: a live bar closed across a price line with an alert (src/core/commands/price-alerts.ts). */
export type PriceAlertDetail = PriceAlertFired;

/** `detail` of `kline-primitive-click`: a primitive's `hitTest` claimed a press (x, y: CSS px from the plot's top-left). */
export interface KlinePrimitiveClickDetail {
  readonly id: string | null;
  readonly x: number;
  readonly y: number;
}

/** Every event `<kline-chart>` dispatches, by name, with its `detail`. */
export interface KlineChartEventDetails {
  'kline-ready': KlineReadyDetail;
  'kline-data-load': KlineDataLoadDetail;
  'kline-context-change': KlineContextChangeDetail;
  'kline-selection-change': KlineSelectionChangeDetail;
  'kline-change': KlineChangeDetail;
  'kline-error': KlineErrorDetail;
  'kline-persist': PersistEventDetail;
  'kline-price-alert': PriceAlertDetail;
  /** A draggable price line was moved with the pointer (one undo step). */
  'kline-price-line-moved': PriceLineMovedDetail;
  /** A press claimed by a primitive of `addPrimitive`. */
  'kline-primitive-click': KlinePrimitiveClickDetail;
  /** Cancelable: the chart needs bars the host's `setBars` data cannot give (answer with `respondWith`). */
  'kline-data-request': DataRequestDetail;
}

/** The events as `CustomEvent`s, for `addEventListener` typing. */
export type KlineChartEventMap = { [K in keyof KlineChartEventDetails]: CustomEvent<KlineChartEventDetails[K]> };

declare global {
  // `chart.addEventListener('kline-change', (e) => e.detail.action)` is typed. The events bubble and
  // are composed, so any element (a wrapper, `document.body`) can listen.
  interface HTMLElementEventMap extends KlineChartEventMap {}
}
