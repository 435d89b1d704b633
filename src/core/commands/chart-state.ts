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
}

export type CandleStyle = 'solid' | 'hollow' | 'ohlc' | 'line' | 'area';
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
  readonly locale: 'en' | 'zh-CN';
  readonly priceAxisSide: 'right' | 'left';
  readonly legend: boolean;
  /** Whose formulas studies follow unless they name their own; `auto`: tdx for zh locales, else ta-lib. */
  readonly indicatorConvention: IndicatorConventionSetting;
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
});

/** A confirmed range selection (UTC ms, inclusive). */
export interface TimeSelection {
  readonly from: number;
  readonly to: number;
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
}

/** Slices never recorded in undo history: large, or derived from the recorded ones. */
export const VOLATILE_KEYS: readonly (keyof ChartState)[] = ['series', 'dataRevision', 'dataGeneration', 'loading', 'view', 'drawingSelection'];

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
  };
}

/** Key under which an instrument's drawings are kept. */
export function instrumentKey(sourceId: string, symbol: string): string {
  return `${sourceId}:${symbol}`;
}
