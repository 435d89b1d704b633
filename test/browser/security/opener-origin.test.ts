import { expect } from '@open-wc/testing';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { connectFramePort } from '../../../src/frames/index.js';
import { waitFor } from '../helpers/chart-fixture.js';

// `<chart-agent-panel for="window:opener">` hands its private channel only to an opener of one origin: its
// own page's, or the one `chart-origin` names (chart-agent-panel.ts #connectFrame, docs/contracts.md "Charts in
// other windows"). An opener of another origin gets no message at all, so it can neither pose as a chart nor
// read tool inputs. The popup is test/browser/frames/opener-panel.html; localhost and 127.0.0.1 on the same
// port are two origins.

const otherOrigin = () =>
  `${location.protocol}//${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;

interface Report {
  openerPanel: true;
  loaded?: boolean;
  removed?: boolean;
  connected?: boolean;
  chartId?: string;
  error?: string;
}

describe('a panel for its opener connects only to the origin it names', function () {
  this.timeout(40000);

  let popup: Window | null = null;
  let reports: Report[] = [];
  /** Every connection request that reached this window, whoever it was meant for. */
  let requests: unknown[] = [];
  /** What the charts of this page warned (src/frames/serve-frame-connections.ts logs each request it ignores). */
  let warnings: string[] = [];
  const originalWarn = console.warn;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { openerPanel?: unknown; type?: unknown } | null;
    if (data?.openerPanel) reports.push(data as Report);
    // Only the current popup's: a closing popup of an earlier test may ask again when its chart goes away.
    if (data?.type === 'kline-agent-frame-connect' && event.source === popup) requests.push(data);
  };

  beforeEach(() => {
    reports = [];
    requests = [];
    warnings = [];
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      originalWarn.apply(console, args);
    };
    window.addEventListener('message', onMessage);
  });
  afterEach(async () => {
    const closing = popup;
    if (closing && !closing.closed) {
      // The panel goes before the popup: a closing window still runs a while, and its panel would ask
      // again when the chart below goes, reaching the next test's chart (a warning there about a request
      // of an origin it does not list, or of no such chart).
      closing.postMessage({ removePanel: true }, '*');
      await waitFor(() => reports.some((r) => r.removed), 'the popup’s panel removed');
    }
    window.removeEventListener('message', onMessage);
    closing?.close();
    if (closing) await waitFor(() => closing.closed, 'the popup closed');
    popup = null;
    document.body.replaceChildren();
    console.warn = originalWarn;
    // No test here has this page's chart ignore a request: any such warning is a panel of another test asking.
    expect(
      warnings.filter((w) => w.includes('ignored an agent connection')),
      'requests this page ignored',
    ).to.deep.equal([]);
  });

  /** A chart here that accepts panels of `origins`, with its data. */
  async function chartAccepting(origins: string): Promise<KlineChart> {
    const chart = document.createElement('kline-chart');
    chart.id = 'opened-chart';
    chart.setAttribute('agent-origins', origins);
    chart.style.cssText = 'display:block;width:400px;height:200px';
    document.body.append(chart);
    await waitFor(() => chart.context.get() !== null, 'chart data');
    return chart;
  }

  function openPanel(popupOrigin: string, chartOrigin?: string): void {
    const query = chartOrigin === undefined ? '' : `?chart-origin=${encodeURIComponent(chartOrigin)}`;
    popup = window.open(
      `${popupOrigin}/test/browser/frames/opener-panel.html${query}`,
      '_blank',
      'width=400,height=420',
    );
    expect(popup, 'the popup opened').to.not.equal(null);
  }

  it('an opener of another origin gets nothing without chart-origin, though its chart lists the panel', async () => {
    const chart = await chartAccepting(otherOrigin());
    const before = chart.context.get()?.period;
    openPanel(otherOrigin());
    await waitFor(() => reports.some((r) => r.loaded), 'the popup panel is up', 20000);
    // The panel asks at once and again after each 2 s timeout: three rounds.
    await new Promise((r) => setTimeout(r, 5000));
    expect(requests, 'no connection request reached the opener').to.deep.equal([]);
    expect(reports.filter((r) => r.connected === true)).to.deep.equal([]);
    expect(chart.context.get()?.period, 'the chart is untouched').to.equal(before);
  });

  it('an opener of another origin connects when chart-origin names it', async () => {
    await chartAccepting(otherOrigin());
    openPanel(otherOrigin(), location.origin);
    await waitFor(() => reports.some((r) => r.connected === true), 'the popup panel connected', 20000);
    expect(reports.find((r) => r.connected)?.chartId).to.equal('opened-chart');
    expect(requests.length, 'requests reached this page').to.be.above(0);
  });

  it('an opener of the same origin connects with no attribute', async () => {
    await chartAccepting(location.origin);
    openPanel(location.origin);
    await waitFor(() => reports.some((r) => r.connected === true), 'the popup panel connected', 20000);
    expect(reports.find((r) => r.connected)?.chartId).to.equal('opened-chart');
  });

  it('chart-origin naming another origin than the opener gets the opener nothing', async () => {
    const chart = await chartAccepting(otherOrigin());
    openPanel(otherOrigin(), 'https://app.example');
    await waitFor(() => reports.some((r) => r.loaded), 'the popup panel is up', 20000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(requests).to.deep.equal([]);
    expect(reports.filter((r) => r.connected === true)).to.deep.equal([]);
    expect(chart.context.get()).to.not.equal(null);
  });

  it('a chart-origin that is not one origin is refused with a console error, and the panel stays disconnected', async () => {
    for (const bad of [
      '*',
      'null',
      'https://app.example/path',
      'javascript:alert(1)',
      'app.example',
      'ftp://a.example',
    ]) {
      reports = [];
      requests = [];
      openPanel(location.origin, bad);
      await waitFor(() => reports.some((r) => r.error), `a console error for ${bad}`, 20000);
      const error = reports.find((r) => r.error)!.error!;
      expect(error, bad).to.contain('chart-origin').and.contain(JSON.stringify(bad));
      await new Promise((r) => setTimeout(r, 300));
      expect(requests, bad).to.deep.equal([]);
      expect(
        reports.filter((r) => r.connected === true),
        bad,
      ).to.deep.equal([]);
      popup?.close();
    }
    // In this page: the usual "not connected" notice.
    const panel = document.createElement('chart-agent-panel');
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
    try {
      panel.setAttribute('for', 'window:opener');
      panel.setAttribute('chart-origin', '*');
      panel.setAttribute('session-store', 'memory');
      document.body.append(panel);
      await panel.updateComplete;
    } finally {
      console.error = original;
    }
    expect(errors.some((e) => e.includes('chart-origin "*"'))).to.equal(true);
    expect(panel.connected).to.equal(false);
    await waitFor(
      () => panel.shadowRoot?.querySelector('[data-notice="disconnected"]') != null,
      'the disconnected notice',
    );
  });

  it('chart-origin also overrides the iframe src origin of frame:ID', async () => {
    // The framed page is on the other origin (test/browser/frames/frame-chart.html) and lists this page.
    const src = `${otherOrigin()}/test/browser/frames/frame-chart.html?id=framed&origins=${encodeURIComponent(location.origin)}`;
    const mountFramed = (chartOrigin: string) => {
      const iframe = document.createElement('iframe');
      iframe.id = `fo-${document.body.children.length}`;
      iframe.src = src;
      iframe.style.cssText = 'width:520px;height:320px';
      const panel = document.createElement('chart-agent-panel');
      panel.setAttribute('for', `frame:${iframe.id}`);
      panel.setAttribute('chart-origin', chartOrigin);
      panel.setAttribute('session-store', 'memory');
      panel.setAttribute('session-key', iframe.id);
      panel.style.cssText = 'display:block;width:300px;height:300px';
      document.body.append(iframe, panel);
      return panel;
    };
    // Named right: connects. Named wrong: the channel is posted to that origin only, so the frame never sees it.
    const right = mountFramed(otherOrigin());
    const wrong = mountFramed('https://app.example');
    await waitFor(() => right.connected, 'the panel naming the frame origin connected', 20000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(wrong.connected, 'the panel naming another origin').to.equal(false);
  });

  it("connectFramePort refuses '*' and values that are not one origin", async () => {
    for (const bad of ['*', 'null', '', 'https://a.example/x']) {
      const error = await connectFramePort(window, bad, { timeoutMs: 500 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, bad).to.be.instanceOf(TypeError);
    }
    expect(requests, 'nothing was posted').to.deep.equal([]);
  });
});
