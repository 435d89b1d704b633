import { expect } from '@open-wc/testing';
import { html, type TemplateResult } from 'lit';
import { readyChart } from '../helpers/chart-fixture.js';
import { repaintTexts } from '../helpers/canvas-texts.js';

// The axes speak the catalogue the chart speaks. A page whose locale has no built-in strings (de-DE,
// say, from navigator.language) is in English throughout (README "Locales"): before, its time and
// volume axes said "Okt" and "2,5 Mio." beside a legend saying "V 2.35M".

/** The texts a chart draws on its canvases in a full repaint with its data, sorted. */
async function canvasTexts(template: TemplateResult): Promise<string[]> {
  return (await repaintTexts(await readyChart(template))).sort();
}

describe("axis labels follow the chart's language", () => {
  it('a de-DE chart (no German catalogue) labels its axes exactly as an English one', async () => {
    const en = await canvasTexts(
      html`<kline-chart style="width:800px;height:500px" locale="en" symbol="DEMO" period="1d" indicators="VOL"></kline-chart>`,
    );
    const de = await canvasTexts(
      html`<kline-chart style="width:800px;height:500px" locale="de-DE" symbol="DEMO" period="1d" indicators="VOL"></kline-chart>`,
    );
    expect(
      en.some((t) => /^\d+(\.\d+)?M$/.test(t)),
      `compact volumes among ${en.join(' | ')}`,
    ).to.equal(true);
    expect(de.join(' | ')).to.not.match(/Mio\.|Okt|Mär|Dez|Mai\b/);
    expect(de).to.deep.equal(en);
  });

  it('a zh-CN chart names its months in Chinese, as its toolbar speaks', async () => {
    const zh = await canvasTexts(
      html`<kline-chart style="width:800px;height:500px" locale="zh-CN" symbol="DEMO" period="1d" indicators="VOL"></kline-chart>`,
    );
    expect(
      zh.some((t) => /月/.test(t)),
      zh.join(' | '),
    ).to.equal(true);
  });
});
