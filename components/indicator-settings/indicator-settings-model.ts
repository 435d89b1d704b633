import type { TObject } from '@sinclair/typebox';
import type { ChartCore } from '../../src/core/commands/index.js';

/** What `<kline-indicator-settings>` needs to show one active study. */
export interface IndicatorSettingsModel {
  readonly instanceId: string;
  /** Definition id, e.g. `MACD`. */
  readonly definitionId: string;
  /** e.g. `MACD(12,26,9)`. */
  readonly label: string;
  /** Full name, e.g. `Moving Average Convergence Divergence`. */
  readonly name: string;
  readonly schema: TObject;
  readonly order: readonly string[];
  readonly value: Readonly<Record<string, unknown>>;
}

/** The settings model of an active instance, or null when it is gone (removed, undone). */
export function indicatorSettingsModel(core: ChartCore, instanceId: string): IndicatorSettingsModel | null {
  const instance = core.store.peek('indicators').find((i) => i.instanceId === instanceId);
  if (!instance) return null;
  // The definition and params of the study's convention (tdx RSI has periods, TA-Lib's a period).
  const study = core.indicatorEngine.study(instance);
  if (!study) return null;
  const { def } = study;
  return {
    instanceId,
    definitionId: def.id,
    label: core.indicators.label(instanceId) ?? def.id,
    name: def.name,
    schema: def.params,
    order: def.paramOrder,
    value: study.params,
  };
}
