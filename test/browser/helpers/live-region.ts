import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

/** What the chart's live region (part `live`) says now. */
export const liveText = (chart: KlineChart): string =>
  chart.shadowRoot!.querySelector('[part="live"]')!.textContent.trim();

/** Every text the chart's live region shows from now on, in order. */
export function recordLive(chart: KlineChart): string[] {
  const said: string[] = [];
  const region = chart.shadowRoot!.querySelector('[part="live"]')!;
  new MutationObserver(() => said.push(region.textContent.trim())).observe(region, {
    childList: true,
    characterData: true,
    subtree: true,
  });
  return said;
}
