import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, openChartFrame, statusToast as toast } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void> };

// A study's settings popover is a chunk fetched when it is first opened (chunks/settings-popover-<hash>.js,
// components/indicator-settings/settings-popover.ts). When it cannot be fetched, a press on the study's name
// in the legend must say so in the chart's language (as the "More" menu and bar replay do), and open the
// popover at the next press once it can.

const popover = (chart: Chart) => chart.shadowRoot!.querySelector('kline-indicator-settings');

describe('a chart whose study settings chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('says so in its language (ja) at a press on the study, and opens the settings at the next press once it loads', async () => {
    const { win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:600px;border:0');
    const { chart } = await frameChart<Chart>(win, { locale: 'ja', indicators: 'MACD' });
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/settings-popover-' });

    const entry = () => chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="legend-entry"]')!;
    await waitFor(() => !!chart.shadowRoot!.querySelector('[part="legend-entry"]'), 'the study in the legend');
    entry().click();
    await waitFor(() => toast(chart).length > 0, 'a notice about the study settings');
    expect(toast(chart)).to.match(/読み込めませんでした/);
    expect(popover(chart)).to.equal(null);

    await executeServerCommand('block-requests', { pattern: null });
    entry().click();
    await waitFor(() => !!popover(chart), 'the settings popover once its chunk loads');
  });
});
