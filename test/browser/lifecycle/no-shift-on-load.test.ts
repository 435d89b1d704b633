import { expect } from '@open-wc/testing';
import { openFrame } from '../helpers/test-frame.js';
import { waitFor } from '../helpers/wait-for.js';

interface LayoutShift extends PerformanceEntry {
  value: number;
  sources?: { previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

const rect = (d: DOMRectReadOnly): string => `${d.x},${d.y} ${d.width}x${d.height}`;

// The published bundle loads the panel's code as a chunk, so the panel draws before its chart has
// answered the handshake (with build/ modules, as panel-sizing.test.ts loads them, it has answered by then).
describe('a panel connecting to its chart', function () {
  this.timeout(30000);

  it('keeps the chip row’s place while it asks: nothing moves when the chart’s chips arrive', async () => {
    const { frame, win } = await openFrame('/test/pages/load-shift.html', 'width:960px;height:420px;border:0');
    try {
      const panel = win.document.querySelector('chart-agent-panel')!;
      await win.customElements.whenDefined('chart-agent-panel');
      await waitFor(() => panel.shadowRoot?.querySelector('.context-chip:not(.pending)') != null, 'the chart’s chips');
      await new Promise((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(resolve)));
      // Layout shifts are not in the performance timeline: a buffered observer hands over those so far.
      const shifts = await new Promise<LayoutShift[]>((resolve) => {
        const observer = new win.PerformanceObserver((list) => {
          observer.disconnect();
          resolve(list.getEntries() as LayoutShift[]);
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        win.setTimeout(() => resolve([]), 500);
      });
      const moved = shifts.flatMap((e) =>
        (e.sources ?? []).map((s) => `${rect(s.previousRect)} -> ${rect(s.currentRect)}`),
      );
      expect(moved, 'layout shifts on the page').to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
