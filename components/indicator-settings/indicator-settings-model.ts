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
  /** The study's lines (histograms keep their up/down colours: no colour input) with their current style. */
  readonly outputs: readonly SettingsOutput[];
  /** The whole study is shown. */
  readonly visible: boolean;
}

/** One output line in the Style section. */
export interface SettingsOutput {
  readonly key: string;
  readonly label: string;
  readonly histogram: boolean;
  /** `#rrggbb` as drawn now. */
  readonly color: string;
  readonly width: number;
  readonly visible: boolean;
}

/**
 * The settings model of an active instance, or null when it is gone (removed, undone). `colors`: the
 * colours the chart draws its lines in, by series key (`macd-1:signal`), for the colour inputs.
 */
export function indicatorSettingsModel(
  core: ChartCore,
  instanceId: string,
  colors: ReadonlyMap<string, string> = new Map(),
): IndicatorSettingsModel | null {
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
    outputs: def.outputs(study.params).map((o) => {
      const style = instance.styles?.[o.key];
      return {
        key: o.key,
        label: o.label,
        histogram: o.style === 'histogram',
        color: hexColor(style?.color ?? colors.get(`${instanceId}:${o.key}`) ?? o.color ?? ''),
        width: style?.width ?? 1,
        visible: style?.visible !== false,
      };
    }),
    visible: !instance.hidden,
  };
}

/** `#rrggbb` for a colour input (`#abc` widened; any other form: black, which Apply leaves alone unless changed). */
function hexColor(color: string): string {
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase();
  const m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  return m ? `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`.toLowerCase() : '#000000';
}
