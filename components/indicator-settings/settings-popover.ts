import { html, nothing, type TemplateResult } from 'lit';
import { styleProps } from '../style-props.js';
import type { ChartCore } from '../../src/core/commands/index.js';
import { indicatorSettingsModel } from './indicator-settings-model.js';
import './define.js';
import type { IndicatorSettingsApplyDetail } from './indicator-settings-events.js';

/** Which study's settings are open, where (px in the chart's `.main`), and the last refusal to show. */
export interface SettingsPopoverState {
  readonly instanceId: string;
  readonly x: number;
  readonly y: number;
  readonly error: string;
}

export interface SettingsPopoverActions {
  apply(detail: IndicatorSettingsApplyDetail): void;
  remove(detail: { instanceId: string }): void;
  close(): void;
}

/**
 * The settings popover of one active study (`<kline-indicator-settings>` with the chart's parts
 * exported), or nothing when that study is gone. A chunk of its own, with the element it shows:
 * `<kline-chart>` loads it when the legend's gear is first pressed (issue #12).
 */
export function renderSettingsPopover(
  core: ChartCore,
  open: SettingsPopoverState,
  locale: string,
  actions: SettingsPopoverActions,
  colors?: ReadonlyMap<string, string>,
): TemplateResult | typeof nothing {
  const model = indicatorSettingsModel(core, open.instanceId, colors);
  if (!model) return nothing;
  return html`<kline-indicator-settings exportparts="panel: indicator-settings, apply: indicator-settings-apply, cancel: indicator-settings-cancel, remove: indicator-settings-remove, close: indicator-settings-close, error: indicator-settings-error, form-field: indicator-settings-field, form-help: indicator-settings-help, form-error: indicator-settings-field-error" open locale=${locale} ${styleProps({ left: `${open.x}px`, top: `${open.y}px` })}
    .model=${model} .error=${open.error}
    @indicator-settings-apply=${(e: CustomEvent<IndicatorSettingsApplyDetail>) => actions.apply(e.detail)}
    @indicator-settings-remove=${(e: CustomEvent<{ instanceId: string }>) => actions.remove(e.detail)}
    @indicator-settings-close=${() => actions.close()}></kline-indicator-settings>`;
}
