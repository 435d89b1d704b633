import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/chart-fixture.js';
import { countPixels } from '../helpers/canvas-pixels.js';

type Result = { success: boolean; data?: unknown; error?: { message: string } };
type Chart = HTMLElement & {
  context: { get(): { dataRange: { to: number } } | null };
  whenPainted(): Promise<void>;
  tools: { execute(name: string, input: unknown): Promise<Result> };
};

const KEY = 'examples-extensions';

/** Loads examples/extensions/ (it imports ../../dist/kline-chart.js) in an iframe and waits for its chart. */
async function openExample(): Promise<{ frame: HTMLIFrameElement; chart: Chart }> {
  const frame = document.createElement('iframe');
  // Wide enough for every drawing tool in the toolbar's row (narrower, they fold into "More").
  frame.style.cssText = 'width:1400px;height:640px;border:0';
  frame.src = '/examples/extensions/index.html';
  document.body.appendChild(frame);
  await new Promise((r) => frame.addEventListener('load', r, { once: true }));
  const doc = frame.contentDocument!;
  await waitFor(() => (doc.getElementById('chart') as Chart | null)?.context?.get?.() != null, 'example chart', 20000);
  const chart = doc.getElementById('chart') as Chart;
  await chart.whenPainted();
  return { frame, chart };
}

function priceCanvas(chart: Chart): HTMLCanvasElement {
  return chart.shadowRoot!.querySelector('.pane[data-pane-id="price"] canvas')!;
}

async function listed(chart: Chart): Promise<{ kinds: string[]; studies: string[] }> {
  const d = await chart.tools.execute('drawings_list', {});
  const i = await chart.tools.execute('indicators_list', {});
  return {
    kinds: (d.data as { drawings: { kind: string }[] }).drawings.map((x) => x.kind),
    studies: (i.data as { active: { definitionId: string }[] }).active.map((x) => x.definitionId),
  };
}

describe('examples/extensions: a custom study, drawing kind and primitive', function () {
  this.timeout(90000);
  before(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  });
  after(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  });

  it('each works through the picker, the toolbar, the tools and a reload', async () => {
    let { frame, chart } = await openExample();
    // The primitive: the orange band over the last 20 bars.
    // The study: in the ƒx picker and the tools; the page's button runs indicators_add.
    const picker = chart.shadowRoot!.querySelector('kline-indicator-picker') as unknown as {
      definitions: { id: string }[];
    };
    expect(picker.definitions.map((d) => d.id)).to.include('MIDPOINT');
    // rgba(255, 152, 0, 0.18): the canvas is transparent (the background is CSS), so the pixel keeps its alpha.
    const orange = (c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4)
        if (d[i] > 240 && Math.abs(d[i + 1] - 152) < 12 && d[i + 2] < 12 && d[i + 3] > 30 && d[i + 3] < 70) n++;
      return n;
    };
    expect(orange(priceCanvas(chart)), 'primitive band').to.be.greaterThan(500);
    frame.contentDocument!.getElementById('add-study')!.click();
    await waitFor(
      () => /Added/.test(frame.contentDocument!.getElementById('status')!.textContent ?? ''),
      'study added',
    );
    await chart.whenPainted();
    expect(countPixels(priceCanvas(chart), [0xe0, 0x40, 0xfb], 12), 'study line').to.be.greaterThan(100);
    // The drawing kind: a toolbar button, and a tool call creates one (the page's button).
    expect(chart.shadowRoot!.querySelector('[data-tool="target"]')?.getAttribute('aria-label')).to.equal('Target');
    frame.contentDocument!.getElementById('add-target')!.click();
    await waitFor(
      () => /Drew/.test(frame.contentDocument!.getElementById('status')!.textContent ?? ''),
      'target drawn',
    );
    await chart.whenPainted();
    expect(countPixels(priceCanvas(chart), [0x29, 0x62, 0xff], 12), 'target circle').to.be.greaterThan(100);
    const bad = await chart.tools.execute('drawing_create', {
      kind: 'target',
      points: [{ time: chart.context.get()!.dataRange.to, price: 1 }],
    });
    expect(bad.success).to.equal(false);
    expect(await listed(chart)).to.deep.equal({ kinds: ['target'], studies: ['VOL', 'MIDPOINT'] });
    // Reload: the layout (persist-key) brings back the study and the drawing of the registered kind.
    // The debounced autosave has written the study and the drawing (the page's persist-key).
    await waitFor(
      () => {
        const saved = localStorage.getItem('examples-extensions') ?? '';
        return saved.includes('"target"') && saved.includes('MIDPOINT');
      },
      'the autosave of the study and the drawing',
      5000,
    );
    frame.remove();
    ({ frame, chart } = await openExample());
    await waitFor(() => chart.shadowRoot!.querySelector('.pane') !== null, 'panes');
    expect(await listed(chart)).to.deep.equal({ kinds: ['target'], studies: ['VOL', 'MIDPOINT'] });
    frame.remove();
  });
});
