import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/wait-for.js';
import { frameChart, openChartFrame } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void>; context: { get(): { visibleRange: unknown } | null } };

const button = (chart: Chart) => chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="latest-button"]');
/** On screen: once shown, the button stays in the DOM, hidden while the newest bar is in view (latest-button.ts). */
const shown = (chart: Chart) => !!button(chart)?.checkVisibility({ visibilityProperty: true });
const key = (chart: Chart, k: string) =>
  chart.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true }));

// "Scroll to the most recent bar" and its styles are a chunk (latest-button-view.ts) fetched the first time the
// newest bar leaves the view. Blocked, the chart goes on without the button (End still goes there); the next
// time the newest bar leaves the view the chunk is fetched again and the button shows, styled, and works.
describe('the "most recent bar" button while its chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('is left out, and shows once its chunk loads the next time the newest bar leaves the view', async () => {
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/latest-button-view-' });
    const { chart } = await frameChart<Chart>(win, { indicators: 'VOL' });
    const fetched = () =>
      win.performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/latest-button-view-'));
    expect(fetched(), 'not fetched for the first paint').to.equal(false);
    chart.focus();
    key(chart, 'Home'); // the oldest bars: the newest leaves the view
    await waitFor(() => fetched(), 'the chunk asked for');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(button(chart), 'no button without its chunk').to.equal(null);

    await executeServerCommand('block-requests', { pattern: null });
    key(chart, 'End');
    await waitFor(() => !shown(chart), 'back at the newest bar');
    await new Promise((resolve) => setTimeout(resolve, 100));
    key(chart, 'Home');
    await waitFor(() => shown(chart), 'the button, its chunk fetched again');
    const r = button(chart)!.getBoundingClientRect();
    expect(r.width, 'styled: 28 px wide').to.be.closeTo(28, 1);
    button(chart)!.click();
    await waitFor(() => !shown(chart), 'the press brings the newest bar back');
    frame.remove();
  });
});
