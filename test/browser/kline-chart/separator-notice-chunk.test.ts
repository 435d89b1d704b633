import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/wait-for.js';
import { frameChart, openChartFrame, pointerAt } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void>; _toast: string };

// The pane separators' drag is in the input chunk (pane-separator-drag.ts, input-parts.ts). When it cannot be
// fetched, a press on a separator says so (`inputFailed`); the moves and the lift of that press do not say it
// again each (docs/architecture.md: once until the chunk is in).
describe('a separator dragged while the input chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('says so at the press, not again at each move and the lift', async () => {
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/input-parts-' });
    const { chart } = await frameChart<Chart>(win, { indicators: 'VOL' });
    const separator = chart.shadowRoot!.querySelector('.pane-separators [role="separator"]')!;
    const r = separator.getBoundingClientRect();
    const at = pointerAt(win, separator, 7);
    at('pointerdown', r.top + 3);
    await waitFor(() => chart._toast !== '', 'the notice at the press');
    chart._toast = '';
    for (let dy = 5; dy <= 40; dy += 5) {
      at('pointermove', r.top + 3 + dy);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    at('pointerup', r.top + 43);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(chart._toast, 'no notice again for its moves and lift').to.equal('');
    frame.remove();
  });
});
