import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import { createIndexedDbSessionStore } from '../../../src/agent/index.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { panelRowRenders, type ChartAgentPanel } from '../../../components/chart-agent-panel/chart-agent-panel.js';
import { markdownParseStats } from '../../../components/agent-parts/markdown-view/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';
import { chartAndPanel, deleteDatabase, nextRunEnd, part, parts, unmountAll } from './panel-fixture.js';

const SESSIONS_DB = 'kline-agent-sessions';
const SESSION_KEY = 'long-chat';
const EXCHANGES = 250; // 500 messages
const TOOL_EVERY = 5; // 50 tool cards

type Body = AgentEvent extends infer E ? (E extends unknown ? Omit<E, 'seq' | 'sessionId' | 'at'> : never) : never;

/** A stored chat of 250 exchanges (500 messages), every fifth with a finished tool call. */
async function seedLongChat(): Promise<void> {
  const store = createIndexedDbSessionStore();
  const session = await store.createSession('Long chat', SESSION_KEY);
  const bodies: Body[] = [];
  for (let i = 0; i < EXCHANGES; i++) {
    const runId = `run${i}`;
    bodies.push({ type: 'run.started', runId, readOnly: false });
    bodies.push({ type: 'user.message', runId, messageId: `u${i}`, text: `Question ${i}`, context: [] });
    if (i % TOOL_EVERY === 0) {
      bodies.push({ type: 'tool.started', runId, callId: `c${i}`, name: 'chart_get_context', input: {} });
      const result = { success: true as const, stateChanged: false, data: { bars: i } };
      bodies.push({ type: 'tool.finished', runId, callId: `c${i}`, name: 'chart_get_context', result, elapsedMs: 4 });
    }
    bodies.push({
      type: 'assistant.message.completed',
      runId,
      messageId: `m${i}`,
      text: `Answer ${i}: **bold ${i}** with \`MA(${i})\`.`,
    });
    bodies.push({ type: 'run.completed', runId });
  }
  const start = Date.now() - bodies.length * 1000;
  const events = bodies.map((body, i) => ({ ...body, seq: i + 1, sessionId: session.id, at: start + i * 1000 }));
  await store.append(session.id, events);
}

/** Rows of the conversation: messages and tool cards, in order. */
function rows(panel: ChartAgentPanel): HTMLElement[] {
  return [...part(panel, 'messages')!.querySelectorAll<HTMLElement>('.message, [part~="tool-card"]')];
}

describe('<chart-agent-panel> with a 500-message session', function () {
  this.timeout(120000);
  let mockUrl = '';
  let mockRoot = '';

  before(async () => {
    mockUrl = String(await executeServerCommand('mock-model-url'));
    mockRoot = mockUrl.replace(/\/v1$/, '');
  });

  beforeEach(async () => {
    await deleteDatabase(SESSIONS_DB);
    await seedLongChat();
  });

  afterEach(async () => {
    unmountAll();
    await deleteDatabase(SESSIONS_DB);
  });

  it('loads it, streams the next answer into message 501 parsing and rendering only that answer, and keeps every earlier row', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="indexeddb" session-key=${SESSION_KEY}
        style="width:420px;height:600px"></chart-agent-panel>`,
    );
    await waitFor(() => rows(panel).length === EXCHANGES * 2 + EXCHANGES / TOOL_EVERY, 'the stored chat', 30000);
    expect(parts(panel, 'tool-card')).to.have.length(50);
    // The chart answers the handshake after its first paint (docs/contracts.md "Handshake") and lists its
    // tools once their chunk is in; the stored tool cards gain their tools' titles then, so the rows are
    // compared from that point on.
    await waitFor(
      () =>
        panel.connected && parts(panel, 'tool-card').every((card) => card.textContent.includes('Get chart context')),
      'the tool cards titled',
    );
    await panel.updateComplete;
    // Every stored answer is formatted (its bold part is an element), not shown as source.
    const answers = [...part(panel, 'messages')!.querySelectorAll('.message.assistant')];
    expect(answers).to.have.length(EXCHANGES);
    expect(answers.every((a, i) => a.querySelector('strong')?.textContent === `bold ${i}`)).to.equal(true);

    const before = rows(panel);
    const texts = before.map((row) => row.textContent);
    const changedInside: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        if (before.some((row) => row.contains(record.target))) changedInside.push(record.target);
    });
    observer.observe(part(panel, 'messages')!, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const answer = 'Streamed **twenty** tokens of text into the message after the five hundredth here.....';
    expect(Math.ceil(answer.length / 8)).to.be.at.least(10);
    const streamed = `${answer}${answer}`.slice(0, 160); // 20 deltas of 8 characters
    await scriptMock(mockRoot, [{ text: streamed }]);
    const parsesBefore = markdownParseStats();
    const rowsBefore = panelRowRenders(panel);
    const ended = nextRunEnd(panel);
    void panel.send('One more question');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    observer.disconnect();

    // The answer arrived whole and formatted…
    const last = [...part(panel, 'messages')!.querySelectorAll<HTMLElement>('.message.assistant')].at(-1)!;
    await waitFor(() => last.querySelector('strong')?.textContent === 'twenty', 'the formatted answer');
    expect(last.textContent).to.contain('into the message after the five hundredth');
    // …every earlier row is the same element with the same text, and none changed inside…
    const after = rows(panel);
    expect(after.length).to.equal(before.length + 2);
    expect(after.slice(0, before.length).every((row, i) => row === before[i] && row.textContent === texts[i])).to.equal(
      true,
    );
    expect(changedInside).to.have.length(0);
    // …Markdown was parsed only for the streamed answer: never more characters per parse than it has…
    const parses = markdownParseStats().parses - parsesBefore.parses;
    const chars = markdownParseStats().chars - parsesBefore.chars;
    expect(parses).to.be.greaterThan(0);
    expect(parses).to.be.at.most(20 + 2);
    expect(chars).to.be.at.most(parses * streamed.length);
    // …and the 20 tokens rendered the streamed answer's row, not the rows around it: one row per
    // token, plus the question and the answer's first and last state.
    expect(panelRowRenders(panel) - rowsBefore).to.be.at.most(20 + 3);
  });

  it('scrolls to the first message and back, the first rows formatted when they come into view', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="indexeddb" session-key=${SESSION_KEY}
        style="width:420px;height:600px"></chart-agent-panel>`,
    );
    await waitFor(() => rows(panel).length === EXCHANGES * 2 + EXCHANGES / TOOL_EVERY, 'the stored chat', 30000);
    const scroller = part(panel, 'messages')!;
    await waitFor(() => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40, 'at the bottom');
    const first = rows(panel)[0];
    scroller.scrollTop = 0;
    // A render that comes before the browser's scroll event (a click, a chat update) keeps the reader
    // where they scrolled to.
    panel.requestUpdate();
    await panel.updateComplete;
    expect(scroller.scrollTop, 'not sent back to the bottom').to.be.lessThan(40);
    await waitFor(() => {
      const box = first.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      return box.height > 0 && box.top >= view.top - 1 && box.bottom <= view.bottom;
    }, 'the first question in view');
    expect(first.textContent).to.contain('Question 0');
    const firstAnswer = part(panel, 'messages')!.querySelector('.message.assistant strong');
    expect(firstAnswer?.textContent).to.equal('bold 0');
    expect(firstAnswer!.getBoundingClientRect().height).to.be.greaterThan(0);
    // Scrolled up, the panel offers to jump back to the latest message.
    await waitFor(() => part(panel, 'messages')!.parentElement!.querySelector('.jump') !== null, 'jump button');
    // Copying the first answer says so on its own button, 500 rows above the end of the chat.
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async () => undefined });
    try {
      const copy = firstAnswer!.closest('.message.assistant')!.querySelector<HTMLButtonElement>('[part~="copy"]')!;
      copy.click();
      await waitFor(() => copy.textContent.includes('Copied'), 'the first answer marked copied');
    } finally {
      Reflect.deleteProperty(navigator.clipboard, 'writeText');
    }
    // The jump button brings the latest message back.
    part(panel, 'messages')!.parentElement!.querySelector<HTMLButtonElement>('.jump')!.click();
    const latest = rows(panel).at(-1)!;
    await waitFor(() => {
      const box = latest.getBoundingClientRect();
      return box.height > 0 && box.bottom <= scroller.getBoundingClientRect().bottom + 1;
    }, 'the latest answer in view');
    expect(latest.textContent).to.contain('Answer 249');
  });
});
