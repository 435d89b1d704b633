import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

/*
 * The chart's region name (chart-a11y-controller.ts `regionLabel`) joins its parts with the
 * locale's own separator: a screen reader reading Chinese or Japanese hears no ASCII comma.
 */
describe("the chart region's name in the chart's language", () => {
  for (const [locale, expected] of [
    ['en', /^DEMO 1d chart, last \d[\d.]*$/],
    ['zh-CN', /^DEMO 1d 图表，最新 \d[\d.]*$/],
    ['zh-TW', /^DEMO 1d 圖表，最新 \d[\d.]*$/],
    ['ja', /^DEMO 1d チャート、現在値 \d[\d.]*$/],
  ] as const) {
    it(`uses the ${locale} separator`, async () => {
      const chart = await readyChart(
        html`<kline-chart style="width:800px;height:500px" locale=${locale}></kline-chart>`,
      );
      await waitFor(
        () => expected.test(chart.getAttribute('aria-label') ?? ''),
        `a ${locale} region name (now "${chart.getAttribute('aria-label')}")`,
      );
    });
  }
});
