import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, loadedScripts, openChartFrame, type FrameWindow as Win } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void>; updateComplete: Promise<boolean>; requestUpdate(): void };

// What a failed tool call means, in English sentences (components/i18n/tool-error-words.ts), is a chunk the
// bundle loads with a locale other than English (LocaleController), whose toasts show them where the
// translation has none; an English page, whose toasts show the tool's own message, never fetches it.
// A toolbar control fails here because the tools' chunk cannot be fetched (`internal`), and the zh-CN
// translation is kept away, so the toast needs the English sentence.

const SENTENCE = 'Something went wrong inside the chart.';
const toast = (chart: Chart) => chart.shadowRoot!.querySelector('.toast')?.textContent?.trim() ?? '';
const weekly = (chart: Chart) => chart.shadowRoot!.querySelector<HTMLButtonElement>('button[data-period="1w"]')!;

async function mount(locale: string): Promise<{ win: Win; chart: Chart }> {
  const { win } = await openChartFrame('/test/pages/script-tag.html', 'width:1200px;height:600px;border:0');
  const { chart } = await frameChart<Chart>(win, { locale }, { style: 'display:block;width:1150px;height:460px' });
  return { win, chart };
}

describe("the words a failed tool call shows people (the bundle's tool-error-words chunk)", function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('load with a chart in another locale: a failed toolbar control shows the sentence for its code', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/(builtin-tool-hosts|locale-zh-CN)-' });
    const { win, chart } = await mount('zh-CN');
    await waitFor(() => loadedScripts(win).some((p) => p.startsWith('chunks/tool-error-words-')), 'the words fetched');
    weekly(chart).click();
    await waitFor(() => toast(chart) === SENTENCE, `the sentence for "internal" (shows "${toast(chart)}")`, 10000);
  });

  it("that cannot be fetched: the toast shows the tool's own message and a warning says why; the next try loads them", async () => {
    await executeServerCommand('block-requests', {
      pattern: '/dist/chunks/(builtin-tool-hosts|locale-zh-CN|tool-error-words)-',
    });
    const { win, chart } = await mount('zh-CN');
    const warnings: string[] = [];
    const warn = win.console.warn;
    win.console.warn = (...args: unknown[]) => {
      warnings.push(String(args[0]));
      warn.apply(win.console, args);
    };
    try {
      weekly(chart).click();
      await waitFor(
        () => /tools could not be loaded/.test(toast(chart)),
        `the tool's own message (shows "${toast(chart)}")`,
      );
      await waitFor(() => warnings.some((w) => /words for failed commands/.test(w)), 'a warning about the words');

      await executeServerCommand('block-requests', { pattern: '/dist/chunks/(builtin-tool-hosts|locale-zh-CN)-' });
      chart.requestUpdate();
      await chart.updateComplete;
      await waitFor(
        () => {
          if (toast(chart) !== SENTENCE) weekly(chart).click();
          return toast(chart) === SENTENCE;
        },
        `the sentence once the words load (shows "${toast(chart)}")`,
        10000,
      );
    } finally {
      win.console.warn = warn;
    }
  });

  it('stay away from an English page', async () => {
    const { win } = await openChartFrame('/test/pages/script-tag.html');
    const chart = win.document.querySelector('kline-chart') as Chart;
    await waitFor(() => chart.shadowRoot?.querySelector('.pane canvas') != null, 'the chart painted', 20000);
    await chart.whenPainted();
    await chart.updateComplete;
    expect(loadedScripts(win).filter((p) => p.includes('tool-error-words'))).to.deep.equal([]);
  });
});
