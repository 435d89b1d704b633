import type { IndicatorConvention, IndicatorConventionSetting } from '../indicators/indicator-convention.js';
import type { Series } from '../data/index.js';
import type { Period } from '../data/index.js';
import type { Drawing } from '../drawings/drawing.js';

/** What the chart is told to show. Changing it loads data. */
export interface ChartTarget {
  readonly symbol: string;
  readonly period: Period;
  readonly sourceId: string;
}

/** Visible window in bar-index space (fractional; `end` is one past the last visible bar). */
export interface ViewRange {
  readonly start: number;
  readonly end: number;
}

export interface IndicatorInstance {
  readonly instanceId: string;
  readonly definitionId: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** `price` for overlays, else the id of its own pane. */
  readonly paneId: string;
  /** The convention this study names itself (`MACD(12,26,9;tdx)`); absent: the chart's setting. */
  readonly convention?: IndicatorConvention;
  /** `left`: an overlay on the price pane drawn against the left price scale (its own range). */
  readonly scale?: 'left';
  /** Per-output style overrides by output key (`signal`), set in the settings popover or by `indicators_update`. */
  readonly styles?: Readonly<Record<string, OutputStyle>>;
  /** The whole study is hidden (its legend title stays, to show it again). */
  readonly hidden?: true;
}

/** How one output line of a study is drawn; absent fields keep the default. */
export interface OutputStyle {
  /** CSS colour. */
  readonly color?: string;
  /** Line width in CSS px, 1 to 4. */
  readonly width?: number;
  /** `false` hides the line (and its legend value). */
  readonly visible?: boolean;
}

export interface PaneLayout {
  readonly id: string;
  /** Relative height weight; the price pane defaults to 3, others to 1. */
  readonly weight: number;
}

export interface ComparisonEntry {
  readonly symbol: string;
  readonly sourceId: string;
  readonly color: string;
  /** `left`: its own prices on the left price scale instead of percent change on the main scale. */
  readonly scale?: 'left';
}

export type MarkerPosition = 'above' | 'below' | 'on';
export type MarkerShape = 'arrow' | 'circle' | 'square' | 'flag';

/** A small sign at a bar: above its high, below its low or on its close. */
export interface ChartMarker {
  readonly id: string;
  /** UTC ms; drawn at the bar containing this time. */
  readonly time: number;
  readonly position: MarkerPosition;
  readonly shape: MarkerShape;
  readonly color: string;
  /** At most 20 characters. */
  readonly text?: string;
}

export type PriceLineStyle = 'solid' | 'dashed' | 'dotted';

/** When a price line alerts: never, on a close across it either way, only upward, only downward. */
export type PriceAlertMode = 'off' | 'cross' | 'cross_up' | 'cross_down';

/** A horizontal line at a price (an order, a stop, a target): not a drawing. */
export interface PriceLine {
  readonly id: string;
  readonly price: number;
  readonly label: string;
  readonly color: string;
  readonly style: PriceLineStyle;
  /** Show the price in a tag on the price axis. */
  readonly axisLabel: boolean;
  /** The user may move it with the pointer (fires `kline-price-line-moved`). */
  readonly draggable: boolean;
  /** A live bar closing across it fires `kline-price-alert` (`off`: never). */
  readonly alert: PriceAlertMode;
  /** After firing, the alert turns itself off (TradingView's "Only once"). */
  readonly alertOnce: boolean;
}

export type CandleStyle = 'solid' | 'hollow' | 'ohlc' | 'line' | 'area' | 'heikin_ashi';
export type PriceScaleMode = 'linear' | 'log' | 'percent';

export interface ChartSettings {
  readonly theme: 'light' | 'dark' | 'auto';
  readonly colorConvention: 'green-up' | 'red-up';
  readonly candleStyle: CandleStyle;
  readonly priceScale: PriceScaleMode;
  readonly grid: boolean;
  readonly volume: boolean;
  readonly crosshair: 'normal' | 'magnet' | 'hidden';
  /** IANA zone to display in; empty = the data's own timezone. */
  readonly timezone: string;
  /** BCP-47 tag of the UI language as requested (`zh-HK`, `ja`…); components resolve it (components/i18n/). */
  readonly locale: string;
  readonly priceAxisSide: 'right' | 'left';
  readonly legend: boolean;
  /** Whose formulas studies follow unless they name their own; `auto`: tdx for zh locales, else ta-lib. */
  readonly indicatorConvention: IndicatorConventionSetting;
  /** Dashed line and axis tag at the last close. */
  readonly lastPrice: boolean;
  /** Faint text behind the bars: the symbol and period, nothing, or `watermarkText`. */
  readonly watermark: 'symbol' | 'off' | 'custom';
  readonly watermarkText: string;
  /** OHLCV values in the legend row, in a tooltip following the pointer, or both. */
  readonly legendMode: 'legend' | 'tooltip' | 'both';
}

export const DEFAULT_SETTINGS: ChartSettings = Object.freeze({
  theme: 'auto',
  colorConvention: 'green-up',
  candleStyle: 'solid',
  priceScale: 'linear',
  grid: true,
  volume: true,
  crosshair: 'normal',
  timezone: '',
  locale: 'en',
  priceAxisSide: 'right',
  legend: true,
  indicatorConvention: 'auto',
  lastPrice: true,
  watermark: 'symbol',
  watermarkText: '',
  legendMode: 'legend',
});

/** A confirmed range selection (UTC ms, inclusive). */
export interface TimeSelection {
  readonly from: number;
  readonly to: number;
}

/** Bar replay (`startReplay`): the chart shows the bars up to `index` (the bar at `time`) only. */
export interface ReplayState {
  /** Open time (UTC ms) of the last bar shown. */
  readonly time: number;
  /** Its index in the full series (and the last index of the series shown). */
  readonly index: number;
  /** Bars are appended on a timer (`playReplay`). */
  readonly playing: boolean;
  /** Bars per second while playing. */
  readonly speed: number;
}

/** The store's slices. */
export interface ChartState {
  readonly target: ChartTarget | null;
  readonly series: Series | null;
  /** Increases whenever loaded bars change (load, setBars, live update). */
  readonly dataRevision: number;
  /** Increases on every load that replaces the series (the stale-binding fence compares it). */
  readonly dataGeneration: number;
  readonly loading: boolean;
  readonly view: ViewRange | null;
  readonly indicators: readonly IndicatorInstance[];
  readonly panes: readonly PaneLayout[];
  /** Drawings per instrument key (`sourceId:symbol`). */
  readonly drawings: Readonly<Record<string, readonly Drawing[]>>;
  readonly selection: TimeSelection | null;
  readonly drawingSelection: readonly string[];
  readonly comparisons: readonly ComparisonEntry[];
  readonly settings: ChartSettings;
  /** Markers per instrument key (`sourceId:symbol`). */
  readonly markers: Readonly<Record<string, readonly ChartMarker[]>>;
  /** Price lines per instrument key (`sourceId:symbol`). */
  readonly priceLines: Readonly<Record<string, readonly PriceLine[]>>;
  /** Bar replay in progress (never saved, never an undo step), or null. */
  readonly replay: ReplayState | null;
}

/** Slices never recorded in undo history: large, or derived from the recorded ones. */
export const VOLATILE_KEYS: readonly (keyof ChartState)[] = [
  'series',
  'dataRevision',
  'dataGeneration',
  'loading',
  'view',
  'drawingSelection',
  'replay',
];

export function initialChartState(): ChartState {
  return {
    target: null,
    series: null,
    dataRevision: 0,
    dataGeneration: 0,
    loading: false,
    view: null,
    indicators: [],
    panes: [{ id: 'price', weight: 3 }],
    drawings: {},
    selection: null,
    drawingSelection: [],
    comparisons: [],
    settings: DEFAULT_SETTINGS,
    markers: {},
    priceLines: {},
    replay: null,
  };
}

/** Key under which an instrument's drawings are kept. */
export function instrumentKey(sourceId: string, symbol: string): string {
  return `${sourceId}:${symbol}`;
}
