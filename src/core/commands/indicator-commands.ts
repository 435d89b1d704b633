import {
  adaptParams,
  formatIndicatorLabel,
  type IndicatorConvention,
  parseIndicatorList,
  loadParamErrors,
  paramErrorsLoaded,
  type IndicatorDefinition,
  type IndicatorListError,
} from '../indicators/index.js';
import type { CommandContext } from './command-context.js';
import { DEFAULT_PANE_WEIGHT, DEFAULT_PRICE_WEIGHT, type IndicatorInstance, type PaneLayout } from '../state/index.js';
import { resolveStudy, settingsConvention } from './indicator-study.js';

import { MAX_PANES, MAX_STUDIES } from '../state/study-limits.js';

export { MAX_PANES, MAX_STUDIES };

/**
 * The active indicators of a chart: what the element needs at once (the `indicators` attribute, the
 * legend's labels). The `indicators_*` tools, which the picker, the legend and the settings popover
 * call too, are {@link import('./indicator-tools.js').IndicatorTools}, loaded after the first paint
 * (builtin-tool-hosts.ts, issue #12); each change is one store action named after its tool, so one
 * undo step whoever made it.
 */
export class IndicatorCommands {
  #counter = 0;
  /**
   * {@link labelOf}'s answers by instance (the store replaces an instance on change, never edits it), each kept
   * while the definition, params and conventions it was made from are the same: the legends ask for every
   * study's label on each render, which a crosshair move or a pan under the pointer repeats.
   */
  readonly #labels = new WeakMap<
    IndicatorInstance,
    { def: IndicatorDefinition; params: unknown; convention: IndicatorConvention; label: string }
  >();

  /** Internal: the store and registries, shared with the `indicators_*` and pane tools. */
  readonly ctx: Pick<CommandContext, 'store' | 'indicatorRegistry' | 'indicatorEngine' | 'reportError'>;

  /**
   * Internal: loads the studies and convention forms a tool call needs before it runs (ChartCore's
   * `beforeInvoke`); set by {@link import('./indicator-tools.js').IndicatorTools}, so the code deciding
   * it comes with the tools' chunk (src/core/indicators/load-studies-for-tool.ts, issue #12).
   */
  beforeTool: ((name: string, input: unknown) => Promise<void> | void) | null = null;

  constructor(ctx: Pick<CommandContext, 'store' | 'indicatorRegistry' | 'indicatorEngine' | 'reportError'>) {
    this.ctx = ctx;
  }

  // ---- attribute ----

  /**
   * Replaces the active indicators with those of the short notation (`MA(5,20),VOL,MACD(12,26,9)`),
   * one new pane per pane study (`pane-<instanceId>`, weight 1; the price pane weight 3). Not an
   * undo step: it sets the chart up. Pieces that cannot be used are skipped, reported through
   * `core.reportError('invalid_indicator', …)` (→ `kline-error`) and returned.
   *
   * `keepOnError` (a value set after the chart was set up): a list with any unusable piece changes
   * nothing, and one `invalid_attribute` error names every piece refused, so a typo never empties the chart.
   */
  applyIndicatorList(text: string, options: { keepOnError?: boolean } = {}): { errors: IndicatorListError[] } {
    const parsed = parseIndicatorList(text ?? '', this.ctx.indicatorRegistry, this.chartConvention());
    if (options.keepOnError && parsed.errors.length) {
      const reasons = parsed.errors.map((e) => `'${e.text.slice(0, 40)}': ${e.reason}`).join('; ');
      this.ctx.reportError('invalid_attribute', `indicators: not applied (the studies stay): ${reasons}`);
      return { errors: [...parsed.errors] };
    }
    const instances: IndicatorInstance[] = [];
    const taken = new Set<string>();
    let paneStudies = 0;
    let dropped = 0;
    for (const item of parsed.items) {
      const def = this.ctx.indicatorRegistry.get(item.definitionId);
      if (!def) continue;
      if (instances.length >= MAX_STUDIES || (def.placement !== 'overlay' && paneStudies >= MAX_PANES)) {
        dropped++;
        continue;
      }
      if (def.placement !== 'overlay') paneStudies++;
      const instanceId = this.newInstanceId(def, taken);
      taken.add(instanceId);
      instances.push({
        instanceId,
        definitionId: def.id,
        params: item.params,
        paneId: def.placement === 'overlay' ? 'price' : `pane-${instanceId}`,
        ...(item.convention ? { convention: item.convention } : {}),
      });
    }
    const panes: PaneLayout[] = [
      { id: 'price', weight: DEFAULT_PRICE_WEIGHT },
      ...instances.filter((i) => i.paneId !== 'price').map((i) => ({ id: i.paneId, weight: DEFAULT_PANE_WEIGHT })),
    ];
    this.ctx.store.action(
      'indicators',
      (d) => {
        d.set('indicators', instances);
        d.set('panes', panes);
      },
      { undoable: false },
    );
    for (const error of parsed.errors) {
      this.ctx.reportError('invalid_indicator', `indicators attribute: '${error.text}': ${error.reason}`);
    }
    if (dropped > 0)
      this.ctx.reportError(
        'invalid_indicator',
        `indicators attribute: ${dropped} left out: a chart shows at most ${MAX_STUDIES} studies and ${MAX_PANES} indicator panes.`,
      );
    return { errors: [...parsed.errors] };
  }

  /**
   * Loads what {@link applyIndicatorList} needs to say why `text` is refused (the words of a refused
   * parameter: a chunk in the bundle, issue #12) when it would refuse some of it and they are not in
   * yet; else undefined, and `applyIndicatorList` can run at once. Rejects when the chunk cannot be
   * fetched (`applyIndicatorList` then reports a refused parameter without naming the field).
   */
  loadRefusalWords(text: string): Promise<void> | undefined {
    if (paramErrorsLoaded()) return undefined;
    const parsed = parseIndicatorList(text ?? '', this.ctx.indicatorRegistry, this.chartConvention());
    return parsed.errors.length ? loadParamErrors() : undefined;
  }

  // ---- non-tool methods for the UI ----

  /** Label (`MACD(12,26,9)`) of an active instance, or undefined. */
  label(instanceId: string): string | undefined {
    const instance = this.ctx.store.peek('indicators').find((i) => i.instanceId === instanceId);
    if (!instance) return undefined;
    return this.labelOf(instance);
  }

  // ---- internal: shared with the indicators_* and pane tools ----

  /** Internal: the chart's convention for studies that do not name their own. */
  chartConvention(): IndicatorConvention {
    return settingsConvention(this.ctx.store.peek('settings'));
  }

  /** Internal: the definition and params an instance computes with, or undefined for an unknown study. */
  study(instance: IndicatorInstance) {
    return resolveStudy(this.ctx.indicatorRegistry, instance, this.ctx.store.peek('settings'));
  }

  /** Internal: `MACD(12,26,9)`, `MACD(12,26,9;tdx)` when the study names its own convention. */
  labelOf(instance: IndicatorInstance): string {
    // resolveStudy (indicator-study.ts) up to the definition; the params are adapted only for a new label.
    const convention = instance.convention ?? this.chartConvention();
    const def = this.ctx.indicatorRegistry.resolve(instance.definitionId, convention);
    if (!def) return instance.definitionId;
    const known = this.#labels.get(instance);
    if (known?.def === def && known.params === instance.params && known.convention === convention) return known.label;
    const label = formatIndicatorLabel(def, adaptParams(def, instance.params), instance.convention);
    this.#labels.set(instance, { def, params: instance.params, convention, label });
    return label;
  }

  /** Internal: a new instance id (`macd-3`) not in `taken` nor among the active instances. */
  newInstanceId(def: IndicatorDefinition, taken: ReadonlySet<string>): string {
    const prefix = def.id.toLowerCase();
    const inUse = new Set([...taken, ...this.ctx.store.peek('indicators').map((i) => i.instanceId)]);
    let id: string;
    do id = `${prefix}-${++this.#counter}`;
    while (inUse.has(id));
    return id;
  }
}
