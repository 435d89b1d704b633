import type { ChartContext } from '../../protocol/index.js';
import type { DataSourceRegistry, Series } from '../data/index.js';
import type { IndicatorRegistry } from '../indicators/index.js';
import type { ChartState, ChartTarget } from '../state/index.js';
import type { ReadOnlySignal, Store } from '../store/index.js';
import type { IndicatorEngine } from './indicator-engine.js';

/** Why a committed action happened, as `kline-change` reports it. */
export type ChangeReason =
  | 'user'
  | 'agent'
  | 'host'
  | 'attribute'
  | 'undo'
  | 'redo'
  | 'live'
  | 'history'
  | 'load'
  | 'sync'
  | 'replay';

/**
 * What a command class may reach of the chart. `ChartCore` implements it; each command class asks
 * for the few members it uses (`Pick<CommandContext, 'store'>` for the settings), so the command
 * files never import `chart-core.ts` (no import cycle) and a test can hand them a small fake.
 */
export interface CommandContext {
  /** The signal store: the only state, written by actions only. */
  readonly store: Store<ChartState>;
  readonly sources: DataSourceRegistry;
  /** The agent's view of the chart (`null` while nothing is loaded). */
  readonly context: ReadOnlySignal<ChartContext | null>;
  readonly indicatorRegistry: IndicatorRegistry;
  readonly indicatorEngine: IndicatorEngine;
  /** Loads bars for `target` and commits target + series in one action (named `label`, or not undoable when null). */
  loadTarget(
    target: ChartTarget,
    label: string | null,
    signal?: AbortSignal,
    reason?: ChangeReason,
    onProgress?: (fraction: number, message: string) => void,
  ): Promise<Series>;
  /** Makes the loaded series follow the target again (after undo/redo of a target change). */
  syncToTarget(): Promise<void>;
  /** Reports a failure the host should see (`kline-error`). */
  reportError(code: string, message: string): void;
  undo(): string | undefined;
  redo(): string | undefined;
}
