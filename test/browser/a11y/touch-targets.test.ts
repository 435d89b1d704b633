import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { inputReady, waitFor } from '../helpers/chart-fixture.js';
import { mount, startMockModel, unmountAll } from '../panel/panel-fixture.js';

/** What a finger can press: the controls of a shadow tree and of the shadow trees inside it. */
const TARGETS =
  'button, a[href], input, select, textarea, summary, [tabindex], [role="button"], [role="option"], [role="menuitem"]';

interface Target {
  readonly name: string;
  readonly box: DOMRect;
}

function targetsOf(root: ShadowRoot): Target[] {
  const found: Target[] = [];
  const walk = (r: ShadowRoot) => {
    for (const el of r.querySelectorAll<HTMLElement>('*')) {
      if (el.shadowRoot) walk(el.shadowRoot);
      if (!el.matches(TARGETS) || el.closest('[inert]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // An opacity 0 button (a legend entry's ×) still takes taps: it counts.
      const name = `<${el.localName} part="${el.getAttribute('part') ?? ''}" class="${el.getAttribute('class') ?? ''}"> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
      found.push({ name, box });
    }
  };
  walk(root);
  return found;
}

const centre = (b: DOMRect): [number, number] => [b.left + b.width / 2, b.top + b.height / 2];
/** Distance from a point to a box (0 inside it). */
function distance([x, y]: [number, number], b: DOMRect): number {
  const dx = Math.max(b.left - x, 0, x - b.right);
  const dy = Math.max(b.top - y, 0, y - b.bottom);
  return Math.hypot(dx, dy);
}

/**
 * The targets that fail WCAG 2.5.8 (Target Size, Minimum): smaller than 24×24 CSS px, and a 24 px circle
 * on their centre meets another target or another small target's circle (the spacing exception).
 */
function tooSmall(targets: readonly Target[]): string[] {
  const small = targets.filter((t) => t.box.width < 23.99 || t.box.height < 23.99);
  return small
    .filter((t) =>
      targets.some((o) => {
        if (o === t) return false;
        const isSmall = small.includes(o);
        const d = isSmall
          ? Math.hypot(...centre(t.box).map((v, i) => v - centre(o.box)[i]))
          : distance(centre(t.box), o.box);
        return d < (isSmall ? 24 : 12);
      }),
    )
    .map((t) => `${t.name} ${Math.round(t.box.width * 10) / 10}×${Math.round(t.box.height * 10) / 10}`);
}

/**
 * On a phone (390×844, a touch screen: a coarse pointer) every control of the chart and of the panel is
 * at least 24×24 CSS px or far enough from the others (WCAG 2.5.8): the legend's study names (stacked
 * lines of 17 px before), the studies' × and arrows, a comparison's ×, the panel's example prompts (22 px)
 * and its context chip's × (18 px). With a mouse (a fine pointer) they keep their small desktop size.
 */
describe('touch targets on a phone', function () {
  this.timeout(60000);
  let baseUrl = '';
  before(async () => {
    ({ url: baseUrl } = await startMockModel());
  });
  afterEach(async () => {
    unmountAll();
    await executeServerCommand('touch-screen', { on: false });
    await setViewport({ width: 800, height: 600 });
  });

  async function phone(): Promise<{ chart: KlineChart; panel: ChartAgentPanel }> {
    await setViewport({ width: 390, height: 844 });
    await executeServerCommand('touch-screen', { on: true });
    await waitFor(() => matchMedia('(pointer: coarse)').matches, 'the emulated touch screen');
    return chartAndPanel();
  }

  async function chartAndPanel(): Promise<{ chart: KlineChart; panel: ChartAgentPanel }> {
    const main = mount(html`<main>
      <kline-chart id="c1" style="width:390px;height:500px" locale="en" indicators="MA(5,10,20),BOLL,VOL,MACD(12,26,9),RSI(14)"></kline-chart>
      <chart-agent-panel for="c1" base-url=${baseUrl} session-store="memory" locale="en" style="width:390px;height:560px"></chart-agent-panel>
    </main>`);
    const chart = main.querySelector<KlineChart>('kline-chart')!;
    const panel = main.querySelector<ChartAgentPanel>('chart-agent-panel')!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await chart.whenPainted();
    await inputReady();
    expect((await chart.tools.execute('comparison_create', { symbol: 'XETRA:ACME' })).success).to.equal(true);
    await waitFor(() => chart.shadowRoot!.querySelector('[part="comparison-remove"]') !== null, 'the comparison');
    await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel ready');
    await waitFor(() => panel.shadowRoot!.querySelector('.context-chip-remove') !== null, 'the context chip');
    await chart.updateComplete;
    await panel.updateComplete;
    return { chart, panel };
  }

  it('every control of the chart and the panel is a finger-sized target', async () => {
    const { chart, panel } = await phone();
    const chartTargets = targetsOf(chart.shadowRoot!);
    const panelTargets = targetsOf(panel.shadowRoot!);
    // What the test covers is there: the five studies' names, a comparison's ×, the examples, the chip's ×.
    expect(chartTargets.filter((t) => t.name.includes('part="legend-entry"')).length).to.equal(5);
    expect(chartTargets.some((t) => t.name.includes('part="comparison-remove"'))).to.equal(true);
    expect(panelTargets.filter((t) => t.name.includes('class="example"')).length).to.be.at.least(3);
    expect(panelTargets.some((t) => t.name.includes('context-chip-remove'))).to.equal(true);
    // Under 24 px in either direction: the ones named above (which the spacing exception would let pass
    // one by one) and any other control too close to its neighbours.
    const under = (targets: readonly Target[], named: RegExp) =>
      targets.filter((t) => named.test(t.name) && (t.box.width < 24 || t.box.height < 24)).map((t) => t.name);
    expect({
      chart: tooSmall(chartTargets),
      panel: tooSmall(panelTargets),
      named: [
        ...under(chartTargets, /legend-entry|comparison-remove/),
        ...under(panelTargets, /class="example"|context-chip-remove/),
      ],
    }).to.deep.equal({ chart: [], panel: [], named: [] });
    // A wide touch chart shows a study's × and arrows (see-through until hovered, but tappable): 24 px too.
    chart.style.width = '700px';
    await waitFor(
      () => targetsOf(chart.shadowRoot!).some((t) => t.name.includes('part="legend-remove"')),
      'the legend entries’ buttons',
    );
    const wide = targetsOf(chart.shadowRoot!).filter((t) => /legend-(remove|move)/.test(t.name));
    expect(wide.filter((t) => t.box.width < 24 || t.box.height < 24).map((t) => t.name)).to.deep.equal([]);
  });

  it('the indicator list is finger-sized too', async () => {
    const { chart } = await phone();
    const picker = () => chart.shadowRoot!.querySelector('kline-indicator-picker')?.shadowRoot;
    await waitFor(() => !!picker()?.querySelector('[part="button"]'), 'the ƒx Indicators button');
    picker()!.querySelector<HTMLElement>('[part="button"]')!.click();
    await waitFor(() => (picker()?.querySelectorAll('[part="option"]').length ?? 0) > 10, 'the list');
    const targets = targetsOf(picker()!);
    const options = targets.filter((t) => t.name.includes('part="option"'));
    expect(options.filter((t) => t.box.height < 24).map((t) => t.name)).to.deep.equal([]);
    expect(tooSmall(targets)).to.deep.equal([]);
  });

  it('keeps the compact desktop legend and pills with a mouse', async () => {
    await setViewport({ width: 390, height: 844 });
    expect(matchMedia('(pointer: coarse)').matches, 'no touch screen').to.equal(false);
    const { chart, panel } = await chartAndPanel();
    const title = chart.shadowRoot!.querySelector('[part="legend-entry"]')!.getBoundingClientRect();
    expect(title.height).to.be.below(20);
    const chip = panel.shadowRoot!.querySelector('.context-chip-remove')!.getBoundingClientRect();
    expect(chip.height).to.equal(18);
  });
});
