import type { ChartCore } from '../../src/core/commands/index.js';

/** Each connected-or-not `<kline-chart>`'s core, set by its constructor. Weak: a dropped chart is collected. */
const cores = new WeakMap<Element, ChartCore>();

/** Called once by `KlineChart`'s constructor. */
export function bindCore(chart: Element, core: ChartCore): void {
  cores.set(chart, core);
}

/**
 * TEST HOOK, not public API: the DOM-free core (store, command hosts, tool registry) behind a
 * `<kline-chart>`. `KlineChart` keeps its core private (`#core`); tests that must read the store or
 * undo history directly import this function from the source module (it is not exported by any
 * package entry point). Pages use the element's public API instead (`tools`, `context`, `undo`…).
 * See docs/architecture.md "Privacy and the test hook".
 */
export function coreOf(chart: Element): ChartCore {
  const core = cores.get(chart);
  if (!core) throw new Error(`coreOf: ${chart.tagName.toLowerCase()} is not a <kline-chart>`);
  return core;
}
