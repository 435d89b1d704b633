import { expect } from '@open-wc/testing';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { memoryPanel, messagesText, nextRunEnd, part, parts, typeAndSend, useMockModel } from './panel-fixture.js';
import { mockRequests, scriptMock } from '../helpers/mock-model-client.js';

// A model that answers nothing (no text, no tool call) must not leave the user looking at their
// own question: the run fails with a clear message and a Retry that asks again, once.

describe('<chart-agent-panel> empty model answer', function () {
  this.timeout(60000);

  const mock = useMockModel();

  for (const [locale, words] of [
    ['en', 'empty answer'],
    ['zh-CN', '空的回答'],
    ['ja', '回答が空'],
  ] as const) {
    it(`shows a localized error with Retry (${locale}); Retry asks again without a second user message`, async () => {
      const { panel } = await memoryPanel(mock.url, { locale });
      await scriptMock(mock.root, [{}, { text: 'The trend is up.' }]);
      const events: AgentEvent[] = [];
      panel.addEventListener('agent-event', (e) => events.push(e.detail));
      let ended = nextRunEnd(panel);
      await typeAndSend(panel, 'What is the trend?');
      expect((await ended).status).to.equal('failed');
      await panel.updateComplete;
      const card = part(panel, 'error')!;
      expect(card, 'an error card').to.not.equal(null);
      expect(card.dataset.code).to.equal('PROVIDER_BAD_RESPONSE');
      expect(card.dataset.cause).to.equal('empty-answer');
      expect(card.textContent).to.contain(words);
      const retry = part<HTMLButtonElement>(panel, 'retry')!;
      expect(retry.disabled).to.equal(false);

      ended = nextRunEnd(panel);
      retry.click();
      expect((await ended).status).to.equal('completed');
      await panel.updateComplete;
      expect(messagesText(panel)).to.contain('The trend is up.');
      expect(parts(panel, 'error').length, 'the old error stays, above the answer').to.equal(1);
      expect(panel.shadowRoot!.querySelectorAll('.message.user').length, 'the question once').to.equal(1);
      const starts = events.filter((e) => e.type === 'run.started');
      expect(starts.length).to.equal(2);
      expect(starts[1].type === 'run.started' && starts[1].retryOf).to.equal(starts[0].runId);
      const requests = await mockRequests(mock.root);
      expect(requests[1].body.messages[0].content, 'the chip context').to.contain('(chart-symbol)');
      const users = (requests[1].body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user');
      expect(
        users.map((m) => m.content),
        'the question once, its context in the system prompt as before',
      ).to.deep.equal(['What is the trend?']);
    });
  }
});
