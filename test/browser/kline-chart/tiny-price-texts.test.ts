import { expect } from '@open-wc/testing';
import { resetMouse } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { Bar } from '../../../src/core/data/index.js';
import { mountChart, painted, removeFixtures, START } from '../lifecycle/lifecycle-fixture.js';
import { recordTexts, repaintTexts } from '../helpers/canvas-texts.js';
import { clickOn, item, rightClick } from '../helpers/context-menu.js';

// Prices around 1e-300 (a test feed, a bad file) or 1e-12 (a meme coin) were written in exponent form
// in the legend, tags and axis (1E-300), but as zeros elsewhere: the drawings' labels (price range,
// long/short position: "0.0000000000"), the percent scale and the context menu ("Add alert at 0.000…").
// Every place a price becomes text now writes it the same way.

function tinyBars(count: number, base: number): Bar[] {
  return Array.from({ length: count }, (_, i) => {
    const open = base * (1 + 0.2 * Math.sin(i / 7));
    const close = base * (1 + 0.2 * Math.sin((i + 1) / 7));
    return {
      time: START + i * 60_000,
      open,
      high: Math.max(open, close) * 1.05,
      low: Math.min(open, close) * 0.95,
      close,
      volume: 10 + i,
    };
  });
}

/** Texts that write a nonzero price as zeros: `0.0000000000`, `-0.000…`, `0` followed by only zeros. */
const zeros = (texts: readonly string[]) => texts.filter((t) => /(^|[^\d.E-])-?0\.0{6,}(?!\d*[1-9])/.test(t));

async function chartWith(base: number): Promise<{ chart: KlineChart; rows: Bar[] }> {
  const { chart } = mountChart({ symbol: 'TINY', period: '1m', indicators: '' });
  chart.style.width = '800px';
  chart.style.height = '500px';
  const rows = tinyBars(120, base);
  expect(chart.setBars(rows)).to.equal(true);
  await painted(chart);
  return { chart, rows };
}

async function draw(chart: KlineChart, kind: string, rows: Bar[], prices: number[]): Promise<void> {
  const n = rows.length;
  const times = [rows[n - 40].time, rows[n - 1].time, rows[n - 40].time];
  const r = await chart.tools.execute('drawing_create', {
    kind,
    points: prices.map((price, i) => ({ time: times[i], price })),
  });
  expect(r.success, JSON.stringify(r)).to.equal(true);
}

for (const base of [1e-300, 1.234e-12]) {
  describe(`prices around ${base}`, function () {
    this.timeout(30000);
    afterEach(async () => {
      await resetMouse();
      removeFixtures();
    });

    it('drawing labels (price range, long position) write the prices, not zeros', async () => {
      const { chart, rows } = await chartWith(base);
      const entry = rows[rows.length - 40].close;
      const texts = await recordTexts(chart, async () => {
        await draw(chart, 'price_range', rows, [entry, entry * 1.1]);
        await draw(chart, 'long_position', rows, [entry, entry * 1.04, entry * 0.98]);
      });
      expect(zeros(texts), texts.join(' | ')).to.deep.equal([]);
    });

    it('the percent scale and its tag say percentages, not zeros', async () => {
      const { chart } = await chartWith(base);
      const r = await chart.tools.execute('settings_update', { values: { priceScale: 'percent' } });
      expect(r.success, JSON.stringify(r)).to.equal(true);
      await chart.whenPainted();
      const texts = await repaintTexts(chart);
      const ticks = texts.filter((t) => /%$/.test(t));
      expect(ticks.length, texts.join(' | ')).to.be.greaterThan(3);
      expect(zeros(texts), texts.join(' | ')).to.deep.equal([]);
    });

    it('the context menu names the price under the pointer, not zero', async () => {
      const { chart } = await chartWith(base);
      const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
      const box = over.getBoundingClientRect();
      const m = await rightClick(chart, [
        Math.round(box.left + box.width * 0.5),
        Math.round(box.top + box.height * 0.4),
      ]);
      const text = m.textContent.replace(/\s+/g, ' ');
      expect(zeros([text]), text).to.deep.equal([]);
      // The line it adds is where the pointer was, not at 0.
      await clickOn(item(chart, 'add-line'));
      // The menu's `drawing_create` runs as a tool call of its own (it may wait for the drawing chunks): the
      // test, which cannot await a click, asks until the line is listed.
      type Listed = { drawings: { points: { price: number }[] }[] };
      let listed: Listed = { drawings: [] };
      for (let i = 0; i < 100 && listed.drawings.length === 0; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 50));
        listed = (await chart.tools.execute('drawings_list', {})).data as Listed;
      }
      expect(listed.drawings.length, 'the line added').to.equal(1);
      const price = listed.drawings[0].points[0].price;
      expect(price / base, `a line at ${price}`).to.be.within(0.5, 1.5);
    });
  });
}
