import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { waitFor } from '../helpers/wait-for.js';

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

function panes(chart: HTMLElement): HTMLElement {
  return chart.shadowRoot!.querySelector<HTMLElement>('.panes')!;
}

/**
 * The panes lie on an opaque layer of the chart's own background and each line between two panes is a 1 px
 * layer of its own (kline-chart.styles.ts, chart-view-controller.ts): Chromium's compositor then no longer
 * blends the chart's border tiles under the transparent canvases on every pan frame (bench/README.md). The
 * picture must stay what it was: the line where the pane's border was, and a translucent background never
 * painted twice.
 */
describe('pane layers', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it('lays the panes on an opaque layer of the chart background, with a 1 px line of the border colour under each pane but the last', async () => {
    const { chart } = mountChart({ symbol: 'LAYER', period: '1m', indicators: 'VOL,MACD' });
    chart.setBars(minuteBars(200));
    await painted(chart);
    const box = panes(chart);
    expect(box.classList.contains('opaque'), 'opaque panes layer').to.equal(true);
    expect(getComputedStyle(box).backgroundColor).to.equal(getComputedStyle(chart).backgroundColor);
    expect(getComputedStyle(box).willChange).to.equal('transform');
    const border = getComputedStyle(chart).borderTopColor;
    const list = [...box.querySelectorAll<HTMLElement>('.pane')];
    expect(list.length).to.equal(3);
    list.forEach((pane, i) => {
      const line = getComputedStyle(pane, '::after');
      const plot = pane.querySelector<HTMLElement>('.uplot')!.getBoundingClientRect();
      const rect = pane.getBoundingClientRect();
      if (i === list.length - 1) {
        expect(line.display, 'no line under the last pane').to.equal('none');
        expect(rect.height).to.equal(plot.height);
        return;
      }
      expect(line.backgroundColor, `line under pane ${i}`).to.equal(border);
      expect(line.height).to.equal('1px');
      expect(line.willChange).to.equal('transform');
      // The line takes the pixel row the pane's border took: right under its plot, inside the pane's box.
      expect(rect.height, `pane ${i} height`).to.equal(plot.height + 1);
      expect(getComputedStyle(pane).borderBottomWidth).to.equal('0px');
    });
  });

  it('keeps the panes transparent on a translucent background, which painted twice would darken', async () => {
    const { chart } = mountChart({ symbol: 'LAYER', period: '1m' });
    chart.style.setProperty('--kline-background', 'rgba(0, 0, 255, 0.5)');
    chart.setBars(minuteBars(120));
    await painted(chart);
    const box = panes(chart);
    expect(getComputedStyle(chart).backgroundColor).to.equal('rgba(0, 0, 255, 0.5)');
    expect(box.classList.contains('opaque')).to.equal(false);
    expect(getComputedStyle(box).backgroundColor).to.equal(TRANSPARENT);
  });

  it('keeps the panes transparent when the page gives the chart a background of its own', async () => {
    const { chart } = mountChart({ symbol: 'LAYER', period: '1m' });
    chart.style.background = 'rgb(250, 240, 230)';
    chart.setBars(minuteBars(120));
    await painted(chart);
    expect(getComputedStyle(panes(chart)).backgroundColor).to.equal(TRANSPARENT);
  });

  it('keeps the panes transparent when the page gives the chart a background image over its colour (a watermark)', async () => {
    const { chart } = mountChart({ symbol: 'LAYER', period: '1m' });
    // The colour stays --kline-background's: an opaque box of it would hide the image under the plots.
    chart.style.backgroundImage = 'linear-gradient(rgba(255, 0, 0, 0.25), rgba(255, 0, 0, 0.25))';
    chart.setBars(minuteBars(120));
    await painted(chart);
    expect(getComputedStyle(chart).backgroundColor).to.equal('rgb(255, 255, 255)');
    expect(panes(chart).classList.contains('opaque'), 'opaque panes layer').to.equal(false);
    expect(getComputedStyle(panes(chart)).backgroundColor).to.equal(TRANSPARENT);
  });

  it('drops the layer when the page later gives the chart a background of its own, and takes it again after', async () => {
    const { chart } = mountChart({ symbol: 'LAYER', period: '1m' });
    chart.setBars(minuteBars(120));
    await painted(chart);
    expect(panes(chart).classList.contains('opaque')).to.equal(true);
    chart.style.background = 'rgb(250, 240, 230)';
    await waitFor(() => !panes(chart).classList.contains('opaque'), 'panes transparent');
    expect(getComputedStyle(panes(chart)).backgroundColor).to.equal(TRANSPARENT);
    chart.style.background = '';
    await waitFor(() => panes(chart).classList.contains('opaque'), 'panes opaque again');
  });

  describe('in forced colours (Windows High Contrast)', () => {
    before(async () => {
      await executeServerCommand('media-features', { features: [{ name: 'forced-colors', value: 'active' }] });
      await waitFor(() => matchMedia('(forced-colors: active)').matches, 'emulated forced colours');
    });
    after(() => executeServerCommand('media-features', { features: [] }));

    it('draws the line between two panes in the colour the chart border takes, not the background', async () => {
      const { chart } = mountChart({ symbol: 'LAYER', period: '1m', indicators: 'VOL' });
      chart.setBars(minuteBars(120));
      await painted(chart);
      const line = getComputedStyle(panes(chart).querySelector('.pane')!, '::after');
      // A background in the border colour is forced to the system background: the line vanished.
      expect(line.backgroundColor, 'line unlike the background').to.not.equal(getComputedStyle(chart).backgroundColor);
      expect(line.backgroundColor, 'line as the chart border').to.equal(getComputedStyle(chart).borderTopColor);
    });
  });

  it('follows the theme: dark panes on a dark chart', async () => {
    const { chart } = mountChart({ symbol: 'LAYER', period: '1m' });
    chart.setBars(minuteBars(120));
    await painted(chart);
    const light = getComputedStyle(panes(chart)).backgroundColor;
    const r = await chart.tools.execute('settings_update', { values: { theme: 'dark' } });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    await chart.whenPainted();
    const dark = getComputedStyle(panes(chart)).backgroundColor;
    expect(dark).to.not.equal(light);
    expect(dark).to.equal(getComputedStyle(chart).backgroundColor);
  });
});
