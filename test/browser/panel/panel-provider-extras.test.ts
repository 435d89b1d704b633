import { expect } from '@open-wc/testing';
import type { MockStep } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { memoryPanel, messagesText, nextRunEnd, part, parts, typeAndSend, useMockModel } from './panel-fixture.js';

describe('<chart-agent-panel> with provider extras', function () {
  this.timeout(60000);

  const mock = useMockModel();

  it('DeepSeek thinking: the reasoning sits in a collapsed "Thinking" disclosure, the follow-up is accepted', async () => {
    const { chart, panel } = await memoryPanel(mock.url);
    await mock.script([
      {
        reasoning: 'Weekly means chart_set_period with 1w.',
        toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }],
      },
      { enforce: ['deepseek-thinking', 'deepseek-r1'], reasoning: 'Confirm briefly.', text: 'Now **weekly**.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly');
    expect((await ended).status).to.equal('completed');
    expect(chart.context.get()!.period).to.equal('1w');
    await panel.updateComplete;
    const disclosures = parts<HTMLDetailsElement>(panel, 'reasoning');
    expect(disclosures.length).to.equal(2);
    expect(
      disclosures.every((d) => !d.open),
      'collapsed',
    ).to.equal(true);
    expect(disclosures[1].textContent).to.contain('Confirm briefly.');
    // The Markdown tokenizer is a lazy chunk: the answer reformats once it has arrived.
    const lastAnswer = () =>
      [...panel.shadowRoot!.querySelectorAll('.message.assistant .markdown')].at(-1)?.textContent;
    await waitFor(() => lastAnswer() === 'Now weekly.', 'formatted answer');
    expect((await mock.requests()).length, 'no 400 and no retry').to.equal(2);
  });

  it('Gemini 3: the follow-up carries the thought signature and is accepted', async () => {
    const { chart, panel } = await memoryPanel(mock.url);
    await mock.script([
      {
        toolCalls: [
          {
            name: 'chart_set_period',
            arguments: '{"period":"1h"}',
            extraContent: { google: { thought_signature: 'c2lnbmF0dXJl' } },
          },
        ],
      },
      { enforce: ['gemini-3'], text: 'Hourly now.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'hourly');
    expect((await ended).status).to.equal('completed');
    expect(chart.context.get()!.period).to.equal('1h');
    expect(messagesText(panel)).to.contain('Hourly now.');
    expect(part(panel, 'error')).to.equal(null);
  });

  it("an error event in the middle of the stream shows the provider's reason, in words for visitors and in detail with debug", async () => {
    const { panel } = await memoryPanel(mock.url);
    panel.setAttribute('debug', '');
    const failing: MockStep = {
      text: 'Looking at it and',
      streamError: {
        afterChunks: 2,
        error: { message: 'Upstream model overloaded, please retry', type: 'overloaded_error' },
      },
    };
    await mock.script([failing, failing, failing]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'hi');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;
    const card = part(panel, 'error')!;
    expect(card.textContent).to.contain('busy');
    expect(card.textContent).to.contain('Upstream model overloaded');
    expect(card.textContent).not.to.contain('Could not reach');
  });

  it('a <tool_call> written in the text runs once as a tool card, and the tag is not shown', async () => {
    const { chart, panel } = await memoryPanel(mock.url);
    await mock.script([
      { text: 'Switching.\n<tool_call>{"name":"chart_set_period","arguments":{"period":"1w"}}</tool_call>' },
      { text: 'Done.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    expect(chart.context.get()!.period).to.equal('1w');
    const cards = parts(panel, 'tool-card');
    expect(cards.length).to.equal(1);
    expect(cards[0].dataset.status).to.equal('succeeded');
    expect(messagesText(panel)).not.to.contain('<tool_call>');
    expect(messagesText(panel)).to.contain('Switching.');
  });
});
