import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { MAX_TOOL_ARGUMENTS_CHARS } from '../../../src/agent/tool-call-assembler.js';
import { memoryPanel, nextRunEnd, part, parts, typeAndSend, useMockModel } from './panel-fixture.js';

// Limits on what a model streams (security review): a tool call whose arguments grow past the cap
// (src/agent/tool-call-assembler.ts) is refused without running and shows a failed card; a refused
// ask_user (nothing asked) shows the failed card too, not nothing.

async function markerTotal(chart: KlineChart): Promise<number> {
  return ((await chart.tools.execute('markers_list', { limit: 1 })) as { data: { total: number } }).data.total;
}

interface ToolMessage {
  role: string;
  content: string;
}
interface AssistantMessage {
  role: string;
  tool_calls?: { function: { name: string; arguments: string } }[];
}

describe('<chart-agent-panel> tool call limits', function () {
  this.timeout(120000);

  const mock = useMockModel();

  it('arguments past the cap: refused as invalid_input, nothing runs, a failed card, a small history', async () => {
    const { chart, panel } = await memoryPanel(mock.url, { height: 640 });
    const marker = '{"time":"2024-01-02","position":"above","shape":"circle","text":"x"},';
    const count = Math.ceil(MAX_TOOL_ARGUMENTS_CHARS / marker.length) + 100;
    const huge = `{"markers":[${marker.repeat(count)}{"time":"2024-01-02","position":"above","shape":"circle"}]}`;
    expect(huge.length).to.be.greaterThan(MAX_TOOL_ARGUMENTS_CHARS);
    await mock.script([
      { toolCalls: [{ name: 'markers_create', arguments: huge, fragmentChars: 64 * 1024 }] },
      { text: 'Understood.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Mark every bar');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;

    expect(await markerTotal(chart), 'the call did not run').to.equal(0);
    const card = part(panel, 'tool-card')!;
    expect(card.dataset.tool).to.equal('markers_create');
    expect(card.dataset.status).to.equal('failed');
    expect(card.textContent).to.contain('arguments are too large');

    const requests = await mock.requests();
    expect(requests.length).to.equal(2);
    const messages = requests[1].body.messages as (ToolMessage & AssistantMessage)[];
    const result = JSON.parse(messages.find((m) => m.role === 'tool')!.content) as {
      success: boolean;
      error: { code: string; message: string };
    };
    expect(result.success).to.equal(false);
    expect(result.error.code).to.equal('invalid_input');
    expect(result.error.message).to.contain('too large');
    const sent = messages.find((m) => m.tool_calls)!.tool_calls![0].function.arguments;
    expect(sent.length, 'the dropped arguments are not sent back').to.be.lessThan(500);
    expect(JSON.stringify(requests[1].body).length, 'the follow-up request stays small').to.be.lessThan(200_000);
  });

  it('a refused ask_user shows the failed tool card and no question', async () => {
    const { panel } = await memoryPanel(mock.url);
    await mock.script([
      { toolCalls: [{ name: 'ask_user', arguments: '{"question":"","options":[]}' }] },
      { text: 'Sorry.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Ask me something');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;

    const cards = parts(panel, 'tool-card');
    expect(cards.length).to.equal(1);
    expect(cards[0].dataset.tool).to.equal('ask_user');
    expect(cards[0].dataset.status).to.equal('failed');
    expect(cards[0].textContent).to.contain('does not match its schema');
    expect(panel.shadowRoot!.querySelector('chart-agent-question-card'), 'nothing was asked').to.equal(null);
    const result = JSON.parse(
      ((await mock.requests())[1].body.messages as ToolMessage[]).find((m) => m.role === 'tool')!.content,
    ) as { error: { code: string } };
    expect(result.error.code).to.equal('invalid_input');
  });
});
