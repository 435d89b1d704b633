import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { html } from 'lit';
import { loadLocale } from '../../../components/i18n/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart } from '../helpers/chart-fixture.js';
import { chord, press } from '../helpers/keyboard.js';
import { pollUntil } from '../helpers/wait-for.js';

// Panning and zooming with the keys used to say nothing: a screen reader user pressed Shift+Left, Up or
// Home on the plot and heard silence. Now the polite live region (part "live") says which bars are shown,
// once per burst of keys; the mouse, wheel and fingers still say nothing (the view is on the screen).

const live = (chart: KlineChart) => chart.shadowRoot!.querySelector('[part="live"]')!.textContent.trim();

/** The visible range as the chart's context has it: its first and last times as the table writes days. */
function shown(chart: KlineChart): { from: string; to: string; bars: number } {
  const v = chart.context.get()!.visibleRange;
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: day(v.from), to: day(v.to), bars: v.bars };
}

describe('keyboard pan and zoom, as a screen reader hears them', function () {
  this.timeout(30000);

  it('Shift+Left, Up and Home each say the first and last bars shown and how many', async () => {
    const chart = await readyChart(
      html`<kline-chart symbol="DEMO" period="1d" style="width:800px;height:400px"></kline-chart>`,
    );
    expect(live(chart), 'nothing said before a key').to.equal('');
    chart.focus();

    await chord('Shift', 'ArrowLeft');
    await pollUntil(async () => live(chart).startsWith('Showing'), 'the pan said');
    let s = shown(chart);
    expect(live(chart)).to.equal(`Showing ${s.from} to ${s.to}, ${s.bars} bars`);

    const before = s.bars;
    await new Promise((r) => setTimeout(r, 1600)); // a new burst (the keys' 0.6 s pause, key-crosshair.ts sayView, and the announcer's 1.5 s)
    await press('ArrowUp');
    await pollUntil(async () => live(chart) !== `Showing ${s.from} to ${s.to}, ${s.bars} bars`, 'the zoom said');
    s = shown(chart);
    expect(s.bars, 'zoomed in').to.be.below(before);
    expect(live(chart)).to.equal(`Showing ${s.from} to ${s.to}, ${s.bars} bars`);

    await new Promise((r) => setTimeout(r, 1600));
    await press('Home');
    await pollUntil(async () => live(chart).startsWith(`Showing ${shown(chart).from}`), 'Home said');
    expect(live(chart)).to.equal(`Showing ${shown(chart).from} to ${shown(chart).to}, ${shown(chart).bars} bars`);
  });

  it('a burst of keys is one message, the last view; a drag and the wheel say nothing', async () => {
    const chart = await readyChart(
      html`<kline-chart symbol="DEMO" period="1d" style="width:800px;height:400px"></kline-chart>`,
    );
    const said: string[] = [];
    const region = chart.shadowRoot!.querySelector('[part="live"]')!;
    const observer = new MutationObserver(() => said.push(region.textContent.trim()));
    observer.observe(region, { childList: true, characterData: true, subtree: true });

    const r = chart.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(r.left + 300), Math.round(r.top + 200)] });
    await sendMouse({ type: 'down' });
    for (let i = 1; i <= 10; i++)
      await sendMouse({ type: 'move', position: [Math.round(r.left + 300 + i * 20), Math.round(r.top + 200)] });
    await sendMouse({ type: 'up' });
    chart.dispatchEvent(new WheelEvent('wheel', { deltaY: -200, clientX: r.left + 300, clientY: r.top + 200 }));
    await new Promise((res) => setTimeout(res, 500));
    expect(
      said.filter((t) => t !== ''),
      'a drag and a wheel say nothing',
    ).to.deep.equal([]);

    chart.focus();
    // Six presses 20 ms apart, as a held key repeats (dispatched here: sendKeys' round trips can be slower
    // than the pause on a loaded machine). Before key-crosshair.ts sayView waited for the keys to rest, the
    // first press's view was said at once and the last one 1.5 s later: two sentences for one burst.
    for (let i = 0; i < 6; i++) {
      const init = { key: 'ArrowLeft', shiftKey: true, bubbles: true, composed: true, cancelable: true };
      chart.dispatchEvent(new KeyboardEvent('keydown', init));
      await new Promise((res) => setTimeout(res, 20));
    }
    const s = shown(chart);
    const last = `Showing ${s.from} to ${s.to}, ${s.bars} bars`;
    await pollUntil(async () => live(chart) === last, 'the last view said', 5000);
    await new Promise((res) => setTimeout(res, 2000)); // past the announcer's 1.5 s, where a second one came
    observer.disconnect();
    expect(
      said.filter((t) => t !== ''),
      'one message for six presses, the view they ended on',
    ).to.deep.equal([last]);
  });

  it('speaks the chart\'s language: "显示 … 至 …，共 N 根K线"', async () => {
    await loadLocale('zh-CN'); // the built-in translation is a lazy chunk: a key before it arrives speaks English
    const chart = await readyChart(
      html`<kline-chart locale="zh-CN" symbol="DEMO" period="1d" style="width:800px;height:400px"></kline-chart>`,
    );
    chart.focus();
    await press('End');
    await pollUntil(async () => live(chart).startsWith('显示'), 'End said in Chinese').catch(() => {
      throw new Error(`live region: ${live(chart)}`);
    });
    const s = shown(chart);
    expect(live(chart)).to.equal(`显示 ${s.from} 至 ${s.to}，共 ${s.bars} 根K线`);
  });
});
