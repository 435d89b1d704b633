import uPlot from 'uplot';

let made = false;

/**
 * Makes one tiny detached uPlot before the first real one, once per page.
 *
 * Why: V8 keeps the first uPlot of a page alive for as long as the page lives. uPlot builds each
 * plot on an object literal `{ mode }` and then defines an accessor (`rect`) on it; the first plot's
 * getter, whose closure holds that whole plot (its options, hooks and so the chart that made it),
 * is stored in the hidden class's descriptor array, which is shared with every `{ mode }` object
 * (Lit's `shadowRootOptions` among them) and so never collected. Later plots diverge from that
 * hidden class and are collected normally. Without the decoy the first `<kline-chart>` of a page
 * stayed in memory after a framework unmounted it. Found with a heap snapshot's retainer path
 * (`Lit shadowRootOptions → map → DescriptorArray → AccessorPair → rect getter → uPlot scope →
 * our range option → pane env → chart`).
 */
export function makeFirstPlotDecoy(): void {
  if (made) return;
  made = true;
  try {
    new uPlot({ width: 1, height: 1, series: [{}], axes: [], cursor: { show: false }, legend: { show: false } }, [[]]);
  } catch {
    // A decoy that cannot be made costs one retained chart, nothing else.
  }
}
