import type { ChartState, IndicatorInstance } from '../core/state/index.js';
import type { IndicatorEngine } from '../core/commands/index.js';
import type { IndicatorDefinition } from '../core/indicators/indicator-definition.js';
import type { PaneLayoutSpec } from './chart-renderer.js';
import type { ChartTheme } from './chart-theme.js';
import { withForward } from './forward-bars.js';
import type { PaneSeries } from './pane-plot.js';

/** The panes for a state: the price pane with overlays, then one pane per pane study. */
export function buildPaneSpecs(
  state: Pick<ChartState, 'series' | 'indicators' | 'panes' | 'settings'> & {
    comparisonSeries?: readonly PaneSeries[];
  },
  engine: IndicatorEngine,
  // Kept for callers; definitions now come from the engine, which knows each study's convention.
  _lookup: (id: string) => IndicatorDefinition | undefined,
  theme: ChartTheme,
): PaneLayoutSpec[] {
  const series = state.series;
  const weights = new Map(state.panes.map((p) => [p.id, p.weight]));
  const overlays: PaneSeries[] = [...(state.comparisonSeries ?? [])];
  const panes = new Map<string, { kind: 'volume' | 'indicator'; series: PaneSeries[]; levels: number[] }>();
  let colorIndex = 0;
  for (const instance of state.indicators) {
    const study = engine.study(instance);
    if (!study || !series) continue;
    const def = study.def;
    const isVolume = def.id === 'VOL';
    if (isVolume && !state.settings.volume) continue;
    const values = engine.values(instance, series);
    if (!values) continue;
    const out = outputsOf(
      def,
      instance,
      study.params,
      values,
      engine.forward(instance, series),
      theme,
      () => theme.palette[colorIndex++ % theme.palette.length],
      isVolume,
    );
    if (instance.paneId === 'price') overlays.push(...out);
    else {
      const pane = panes.get(instance.paneId) ?? { kind: isVolume ? 'volume' : 'indicator', series: [], levels: [] };
      pane.series.push(...out);
      // A hidden study's levels go with it.
      if (def.levels && !instance.hidden) for (const l of def.levels) if (!pane.levels.includes(l)) pane.levels.push(l);
      panes.set(instance.paneId, pane);
    }
  }
  const specs: PaneLayoutSpec[] = [{ id: 'price', kind: 'price', series: overlays, weight: weights.get('price') ?? 3 }];
  // Pane order follows the layout list, then first appearance.
  const order = [
    ...state.panes.map((p) => p.id).filter((id) => panes.has(id)),
    ...[...panes.keys()].filter((id) => !weights.has(id)),
  ];
  for (const id of order) {
    const p = panes.get(id);
    if (!p) continue;
    specs.push({
      id,
      kind: p.kind,
      series: p.series,
      weight: weights.get(id) ?? 1,
      ...(p.levels.length ? { levels: p.levels } : {}),
    });
  }
  return specs;
}

function outputsOf(
  def: IndicatorDefinition,
  instance: IndicatorInstance,
  params: Readonly<Record<string, unknown>>,
  values: Record<string, Float64Array>,
  forward: Record<string, Float64Array> | null,
  theme: ChartTheme,
  nextColor: () => string,
  isVolume: boolean,
): PaneSeries[] {
  const out: PaneSeries[] = [];
  for (const o of def.outputs(params)) {
    // The volume pane paints the volume columns itself, coloured by bar direction.
    if (isVolume && o.key === 'volume') continue;
    const v = values[o.key];
    if (!v) continue;
    // The palette colour is taken whatever the override, so other lines keep theirs.
    const color = o.style === 'histogram' ? theme.up : (o.color ?? nextColor());
    const style = instance.styles?.[o.key];
    out.push({
      key: `${instance.instanceId}:${o.key}`,
      label: o.label,
      color: style?.color && o.style !== 'histogram' ? style.color : color,
      ...(style?.width !== undefined ? { width: style.width } : {}),
      ...(instance.hidden || style?.visible === false ? { hidden: true } : {}),
      style: o.style,
      values: withForward(v, forward?.[o.key]),
      ...(o.colorBy ? { colorBy: o.colorBy } : {}),
      ...(instance.scale === 'left' && instance.paneId === 'price' ? { scale: 'left' as const } : {}),
    });
  }
  return out;
}
