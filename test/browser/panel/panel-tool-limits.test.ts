import { expect } from '@open-wc/testing';
import { memoryPanel, nextRunEnd, parts, typeAndSend, useMockModel } from './panel-fixture.js';

// A refused ask_user (nothing asked) shows the failed card, not nothing. (A tool call whose arguments
// grow past the cap cuts the reply off: panel-reply-limits.test.ts.)

interface ToolMessage {
  role: string;
  content: string;
}

describe('<chart-agent-panel> tool call limits', function () {
  this.timeout(120000);

  const mock = useMockModel();

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
