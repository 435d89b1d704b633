import { html, nothing, type TemplateResult } from 'lit';
import { styleProps } from '../style-props.js';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import { clientScale } from '../../src/render/client-scale.js';
import { toolErrorForPeople } from '../i18n/tool-error-strings.js';
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

/** What the chart's popover needs of `<kline-chart>` (kline-chart.ts): its open state is the element's `_settings`. */
export interface SettingsPopoverChart {
  _settings: SettingsPopoverState | null;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** What it needs of the chart's insides (the deps kline-chart.ts also hands its context menu). */
export interface SettingsPopoverDeps {
  readonly core: ChartCore;
  lang(): string;
  /** Runs a tool as the user (a failure shows as a notice). */
  run(name: string, input: unknown): Promise<ToolResult>;
  /** Each study line's colour by its key (the legend's swatches). */
  colors(): ReadonlyMap<string, string>;
}

/** Opens study `instanceId`'s settings under its legend button (`rect`, viewport px). */
export function openSettingsAt(chart: SettingsPopoverChart, instanceId: string, rect: DOMRect): void {
  const el = chart.renderRoot.querySelector<HTMLElement>('.main');
  const main = el?.getBoundingClientRect() ?? new DOMRect();
  const s = el ? clientScale(el, main) : { x: 1, y: 1 };
  chart._settings = {
    instanceId,
    x: (rect.left - main.left) / s.x,
    y: (rect.bottom - main.top) / s.y + 4,
    error: '',
  };
}

/** The chart's open popover (or nothing): Apply runs `indicators_update` (a refusal shows in it), Remove `indicators_remove`. */
export function renderChartSettings(
  chart: SettingsPopoverChart,
  d: SettingsPopoverDeps,
): TemplateResult | typeof nothing {
  const open = chart._settings;
  if (!open) return nothing;
  return renderSettingsPopover(
    d.core,
    open,
    d.lang(),
    {
      apply: (detail) =>
        void d.core.tools.execute('indicators_update', detail, { origin: 'user' }).then((r) => {
          if (!r.success && chart._settings)
            chart._settings = { ...chart._settings, error: toolErrorForPeople(d.lang(), r.error) };
        }),
      remove: (detail) => {
        chart._settings = null;
        void d.run('indicators_remove', detail);
      },
      close: () => (chart._settings = null),
    },
    d.colors(),
  );
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
