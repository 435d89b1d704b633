import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { ChartAgentPort, ChartContext } from '../../../src/protocol/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { bundleChart, type FrameWindow } from '../helpers/test-frame.js';

type Chart = HTMLElement & { context: { get(): ChartContext | null }; whenPainted(): Promise<void> };

// A chart's context sums up its range selection with src/core/commands/summarize-range.ts, which the tools'
// chunk brings (build-chart-context.ts). A panel's "Undo run" / "Redo run" of a run stored before a reload
// sets the selection through the run-revert chunk, tools chunk or not: the context must still show the
// selection's summary (the panel's chips, the agent's next message), not `selection: null`.

/** A port to the framed page's chart, asked as a panel does (docs/contracts.md "Handshake"). */
async function askPort(win: FrameWindow): Promise<ChartAgentPort> {
  const replies: ChartAgentPort[] = [];
  win.document.dispatchEvent(
    new win.CustomEvent('kline-agent-connect', {
      bubbles: true,
      composed: true,
      detail: { reply: (p: ChartAgentPort) => replies.push(p) },
    }),
  );
  await waitFor(() => replies.length === 1, 'the chart replied');
  return replies[0];
}

describe('a selection a stored run puts back while the tools chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('is summed up in the chart context', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/builtin-tool-hosts-' });
    const { frame, win, chart } = await bundleChart<Chart>({ indicators: '' });
    const port = await askPort(win);
    const { visibleRange } = chart.context.get()!;
    const selection = { from: visibleRange.from, to: visibleRange.to };
    const changes = { runId: 'stored-run', slices: { selection: { before: null, after: selection } } };
    const redone = await port.revertRun?.('stored-run', 'redo', changes);
    expect(redone?.ok, JSON.stringify(redone)).to.equal(true);
    const summary = chart.context.get()!.selection;
    expect(summary, 'the selection in the context').to.not.equal(null);
    expect(summary!.from).to.equal(selection.from);
    expect(summary!.bars).to.equal(visibleRange.bars);
    frame.remove();
  });
});
