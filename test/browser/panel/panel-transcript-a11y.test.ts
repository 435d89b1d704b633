import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { chartAndPanel, nextRunEnd, part, startMockModel, typeAndSend, unmountAll } from './panel-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';
import { waitFor } from '../helpers/chart-fixture.js';

// A screen reader hears new turns as they come (a polite log, additions only) and can tell who said
// what: each message starts with a speaker label that is read but not shown.
let mockUrl = '';
let mockRoot = '';

/** The speaker label of a message: its first element, read by screen readers, not painted. */
function speaker(message: Element): HTMLElement {
  const label = message.firstElementChild as HTMLElement;
  expect(label, 'a speaker label').to.not.equal(null);
  expect(label.classList.contains('visually-hidden'), 'visually hidden').to.equal(true);
  expect(label.closest('[aria-hidden="true"]'), 'not hidden from assistive technology').to.equal(null);
  const box = label.getBoundingClientRect();
  expect(box.width * box.height, 'not painted').to.be.at.most(1);
  return label;
}

async function exchange(panel: ChartAgentPanel, question: string, answer: string): Promise<void> {
  await scriptMock(mockRoot, [{ text: answer }]);
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, question);
  expect((await ended).status).to.equal('completed');
  await panel.updateComplete;
}

describe('<chart-agent-panel> transcript for assistive technology', function () {
  this.timeout(60000);

  before(async () => {
    ({ url: mockUrl, root: mockRoot } = await startMockModel());
  });
  afterEach(unmountAll);

  for (const [locale, you, assistant] of [
    ['en', 'You', 'Assistant'],
    ['zh-CN', '你', '助手'],
    ['ja', 'あなた', 'アシスタント'],
  ] as const) {
    it(`the log has an accessible name in the panel's language (${locale})`, async () => {
      const { panel } = await chartAndPanel(
        html`<chart-agent-panel for="c1" locale=${locale} base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
      );
      const log = part(panel, 'messages')!;
      const name = { en: 'Conversation', 'zh-CN': '对话', ja: '会話' }[locale];
      await waitFor(() => log.getAttribute('aria-label') === name, `the log named ${name}`);
    });

    it(`a polite log whose messages name their speaker (${locale})`, async () => {
      const { panel } = await chartAndPanel(
        html`<chart-agent-panel for="c1" locale=${locale} base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
      );
      const log = part(panel, 'messages')!;
      expect(log.getAttribute('role')).to.equal('log');
      expect(log.getAttribute('aria-live')).to.equal('polite');
      expect(log.getAttribute('aria-atomic'), 'only the new turn is read, not the whole log').to.equal('false');
      expect(log.getAttribute('aria-relevant') ?? 'additions text').to.not.contain('all');

      await exchange(panel, 'First question', 'First answer.');
      const firstUser = log.querySelector('.message.user')!;
      const firstAnswer = log.querySelector('.message.assistant')!;
      expect(speaker(firstUser).textContent.trim()).to.equal(you);
      expect(speaker(firstAnswer).textContent.trim()).to.equal(assistant);
      expect(firstUser.textContent).to.contain('First question');

      await exchange(panel, 'Second question', 'Second answer.');
      const users = [...log.querySelectorAll('.message.user')];
      const answers = [...log.querySelectorAll('.message.assistant')];
      expect(users.length).to.equal(2);
      expect(answers.length).to.equal(2);
      for (const message of [...users, ...answers]) speaker(message);
      // A new turn adds nodes; the earlier ones stay the same nodes, so the log is not read again.
      expect(users[0]).to.equal(firstUser);
      expect(answers[0]).to.equal(firstAnswer);
    });
  }

  for (const [locale, region, connected] of [
    ['en', 'Chart agent', 'Connected to '],
    ['zh-CN', '图表助手', '已连接 '],
  ] as const) {
    it(`the panel is a named landmark and its status says which chart it is connected to (${locale})`, async () => {
      const { chart, panel } = await chartAndPanel(
        html`<chart-agent-panel for="c1" locale=${locale} base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
      );
      expect(panel.getAttribute('role')).to.equal('region');
      expect(panel.getAttribute('aria-label')).to.equal(region);
      const symbol = chart.context.get()!.symbol;
      const dot = panel.shadowRoot!.querySelector('.status-dot')!;
      await waitFor(() => dot.getAttribute('aria-label') === `${connected}${symbol}`, 'status names the chart');
      // A label the page gives is kept.
      const own = document.createElement('chart-agent-panel');
      own.setAttribute('aria-label', 'Trading copilot');
      own.setAttribute('for', 'c1');
      own.setAttribute('session-store', 'memory');
      panel.parentElement!.append(own);
      await own.updateComplete;
      expect(own.getAttribute('aria-label')).to.equal('Trading copilot');
      expect(own.getAttribute('role')).to.equal('region');
    });
  }
});
