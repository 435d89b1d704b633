import type { LitElement } from 'lit';
import type { Signal } from 'signal-polyfill';
import type { ContextMenuDeps } from './context-menu.js';
import type { SettingsPopoverChart, SettingsPopoverDeps } from '../indicator-settings/settings-popover.js';
import type { CaptureDeps } from './compose-capture.js';
import type { SearchChart, SearchDeps } from './symbol-search.js';
import type { ReplayControls } from './bar-replay-controls.js';
import type { ChartA11yController } from './chart-a11y-controller.js';
import type { DrawingToolbarActions } from '../drawing-toolbar/drawing-toolbar.js';

/**
 * What `<kline-chart>`'s chunks need of its insides (kline-chart.ts `#deps`), and what the chart's actions
 * chunk (chart-actions.ts) keeps there: the modules of the chunks it loaded, which the element's render reads.
 */
export type ChartInsides = ContextMenuDeps &
  SettingsPopoverDeps &
  CaptureDeps &
  SearchDeps & {
    /** A notice; words made at render (kline-chart.ts `_toast`), so one shown before the locale arrives is re-said in it. */
    notice(text: string | (() => string)): void;
    readonly a11y: ChartA11yController;
    /** Bar replay is on, or its start bar is being chosen. */
    replaying(): boolean;
    /** What the drawing bar's and the "More" menu's drawing items do. */
    drawingActions(): DrawingToolbarActions;
    /** The comparisons' legend (comparison-legend.ts), once its chunk is here: the legend's computed template reads it. */
    readonly comparisonLegend: Signal.State<typeof import('./comparison-legend.js') | null>;
    replayUi?: ReplayControls;
    popover?: typeof import('../indicator-settings/settings-popover.js');
    shortcuts?: typeof import('./shortcut-dialog.js');
    search?: typeof import('./symbol-search.js');
    editor?: typeof import('../drawing-editor/drawing-editor.js');
    editorLoad?: Promise<void> | null;
  };

/** `<kline-chart>`'s public side, as its chunks use it (kline-chart.ts). */
export type ChartElement = LitElement &
  SearchChart &
  SettingsPopoverChart & {
    readonly symbol: string;
    readonly period: string;
    readonly fullscreen: boolean;
    readonly _hover: number | null;
    capture(): Promise<Blob>;
    whenPainted(): Promise<void>;
    openCommandPalette(): Promise<unknown>;
    openSettings(): Promise<unknown>;
    showShortcuts(): Promise<void>;
    toggleDataTable(): void;
    saveImage(): Promise<boolean>;
    copyImage(): Promise<boolean>;
    toggleFullscreen(): Promise<boolean>;
  };
