import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { chartBesidePanel, usePromptMock } from '../helpers/agent-chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

// Every test of this area that talks to the shared mock model lives in this one file.

const PROMPT = 'make the MACD signal line faster [indicator-agent e2e]';

let container: HTMLElement | null = null;

function legendText(chart: KlineChart): string {
  return [...chart.shadowRoot!.querySelectorAll('.pane-legend')].map((e) => e.textContent ?? '').join(' | ');
}

describe('agent: "make the MACD signal line faster"', () => {
  const mock = usePromptMock(PROMPT);

  afterEach(() => {
    container?.remove();
    container = null;
  });

  it('lists the indicators, shortens the signal period, redraws the MACD pane and updates the legend; undo restores 12,26,9', async () => {
    container = document.body.appendChild(document.createElement('div'));
    const { chart, panel } = await chartBesidePanel(container, mock.url, 'ind-agent-chart', 'MACD(12,26,9)');
    await chart.whenPainted();
    const macd = coreOf(chart).store.peek('indicators')[0];
    expect(macd.definitionId).to.equal('MACD');
    await waitFor(() => legendText(chart).includes('MACD(12,26,9)'), 'legend before');
    const before = canvasHash(paneCanvas(chart, macd.paneId));

    await mock.script([
      { toolCalls: [{ name: 'indicators_list', arguments: '{}' }] },
      {
        toolCalls: [
          {
            name: 'indicators_update',
            arguments: JSON.stringify({ instanceId: macd.instanceId, params: { signal: 5 } }),
          },
        ],
      },
      { text: 'The MACD signal line now uses 5 periods instead of 9.' },
    ]);
    const status = await panel.send(PROMPT);
    expect(status).to.equal('completed');

    // The model saw indicators_list's answer, then called indicators_update, then saw its result.
    const requests = await mock.ourRequests();
    expect(requests.length).to.equal(3);
    const calls = (
      requests[2].body.messages as { role: string; tool_calls?: { function: { name: string } }[] }[]
    ).flatMap((m) => m.tool_calls?.map((c) => c.function.name) ?? []);
    expect(calls).to.deep.equal(['indicators_list', 'indicators_update']);
    const toolMessages = (requests[2].body.messages as { role: string; content: string }[]).filter(
      (m) => m.role === 'tool',
    );
    expect(toolMessages[0].content).to.contain(`${macd.instanceId} MACD(12,26,9)`);
    const update = JSON.parse(toolMessages[1].content) as {
      success: boolean;
      data: { previous: unknown; params: unknown };
    };
    expect(update.success).to.equal(true);
    expect(update.data.previous).to.deep.equal({ fast: 12, slow: 26, signal: 9 });
    expect(update.data.params).to.deep.equal({ fast: 12, slow: 26, signal: 5 });
    const tools = requests[0].body.tools as { function: { name: string; description: string } }[];
    const updateTool = tools.find((t) => t.function.name === 'indicators_update')!;
    expect(updateTool.function.description, 'live ids in the description').to.contain(
      `${macd.instanceId} (MACD(12,26,9))`,
    );

    expect(coreOf(chart).store.peek('indicators')[0].params).to.deep.equal({ fast: 12, slow: 26, signal: 5 });
    await waitFor(() => legendText(chart).includes('MACD(12,26,5)'), 'legend shows MACD(12,26,5)');
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, macd.paneId)), 'MACD pane pixels changed').to.not.equal(before);

    expect(chart.undo()).to.equal('indicators_update');
    expect(coreOf(chart).store.peek('indicators')[0].params).to.deep.equal({ fast: 12, slow: 26, signal: 9 });
    await waitFor(() => legendText(chart).includes('MACD(12,26,9)'), 'legend restored');
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, macd.paneId)), 'pixels back to the original').to.equal(before);
  });
});
