import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { RecordedRequest } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import {
  chartAndPanel,
  deleteDatabase,
  dumpDatabase,
  memoryPanel,
  messagesText,
  nextRunEnd,
  part,
  parts,
  typeAndSend,
  twoPanels,
  useMockModel,
} from './panel-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';

const SESSIONS_DB = 'kline-agent-sessions';
const messageOf = (
  request: RecordedRequest,
  role: string,
): { role: string; content: string; tool_call_id?: string }[] =>
  (request.body.messages as { role: string; content: string; tool_call_id?: string }[]).filter((m) => m.role === role);

describe('<chart-agent-panel> with the mock model', function () {
  // Two test files share a loaded machine: allow slow runs rather than fail on time alone.
  this.timeout(60000);
  // This file's own mock model: the runner starts one per test file (web-test-runner.config.js), so no
  // other file can reset or script it in between.
  const mock = useMockModel();

  it('weekly chart: the tool changes the chart, its result goes back to the model, the answer appears', async () => {
    const { chart, panel } = await memoryPanel(mock.url);
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'Switched to the **weekly** chart.' },
    ]);
    const starts: string[] = [];
    panel.addEventListener('agent-run-start', (e) => starts.push(e.detail.status));
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Show me the weekly chart');
    expect((await ended).status).to.equal('completed');
    expect(starts).to.deep.equal(['running']);
    expect(chart.context.get()!.period).to.equal('1w');
    await panel.updateComplete;
    expect(messagesText(panel)).to.contain('Switched to the weekly chart.');
    expect(panel.shadowRoot!.querySelector('.message.assistant strong')!.textContent).to.equal('weekly');
    const card = part(panel, 'tool-card')!;
    expect(card.dataset.status).to.equal('succeeded');
    expect(card.textContent).to.contain('chart_set_period');

    const recorded = await mock.requests();
    expect(recorded.length).to.equal(2);
    const toolMessages = messageOf(recorded[1], 'tool');
    expect(toolMessages.length).to.equal(1);
    expect(toolMessages[0].tool_call_id).to.equal('call_1_0');
    expect(JSON.parse(toolMessages[0].content)).to.include({ success: true });
    // The chart-symbol chip went with the message, in the system prompt of the run.
    expect(messageOf(recorded[0], 'system')[0].content).to.contain('Chart: DEMO');
    expect(part<HTMLTextAreaElement>(panel, 'input')!.value, 'input cleared').to.equal('');

    // Copy puts the message's Markdown source on the clipboard.
    const copied: string[] = [];
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: async (text: string) => {
        copied.push(text);
      },
    });
    try {
      part<HTMLButtonElement>(panel, 'copy')!.click();
      await waitFor(() => copied.length === 1, 'clipboard write');
    } finally {
      Reflect.deleteProperty(navigator.clipboard, 'writeText');
    }
    expect(copied[0]).to.equal('Switched to the **weekly** chart.');
  });

  it('ambiguous instrument: the model asks, the user picks XETRA, the chart switches to it', async () => {
    const { chart, panel } = await memoryPanel(mock.url);
    await mock.script([
      { toolCalls: [{ name: 'instruments_query_name', arguments: '{"query":"ACME"}' }] },
      {
        toolCalls: [
          {
            name: 'ask_user',
            arguments: JSON.stringify({
              question: 'ACME is listed on two exchanges. Which one do you mean?',
              options: [
                { label: 'NYSE:ACME', description: 'Acme Industries Inc.' },
                { label: 'XETRA:ACME', description: 'Acme Maschinenbau AG' },
              ],
            }),
          },
        ],
      },
      { toolCalls: [{ name: 'chart_set_symbol', arguments: '{"symbol":"XETRA:ACME"}' }] },
      { text: 'Now showing Acme Maschinenbau AG on XETRA.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Show ACME');
    await waitFor(() => parts(panel, 'question-option').length === 2, 'question options');
    const options = parts(panel, 'question-option');
    expect(part(panel, 'question-card')!.textContent).to.contain('Which one do you mean?');
    expect(options[1].textContent).to.contain('XETRA:ACME');
    options[1].click();
    await waitFor(() => !part<HTMLButtonElement>(panel, 'question-submit')!.disabled, 'submit enabled');
    part<HTMLButtonElement>(panel, 'question-submit')!.click();
    expect((await ended).status).to.equal('completed');
    expect(chart.context.get()!.exchange).to.equal('XETRA');
    expect(chart.context.get()!.symbol).to.contain('ACME');
    await panel.updateComplete;
    expect(parts(panel, 'question-option').length, 'answered card shows the answer only').to.equal(0);
    expect(part(panel, 'question-card')!.textContent).to.contain('XETRA:ACME');
    expect(messagesText(panel)).to.contain('Now showing Acme Maschinenbau AG on XETRA.');

    const recorded = await mock.requests();
    expect(recorded.length).to.equal(4);
    const lookup = messageOf(recorded[1], 'tool')[0].content;
    expect(lookup).to.contain('NYSE').and.to.contain('XETRA');
    const answer = JSON.parse(messageOf(recorded[2], 'tool').at(-1)!.content) as { data: unknown };
    expect(answer.data).to.deep.equal({ status: 'answered', selected: ['XETRA:ACME'] });
  });

  it('stop during a streamed answer keeps the partial text and shows it was stopped', async () => {
    const { panel } = await memoryPanel(mock.url);
    const full = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    await mock.script([{ text: full, chunkDelayMs: 40 }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Tell me a long story');
    await waitFor(
      () => (panel.shadowRoot!.querySelector('.message.assistant')?.textContent ?? '').includes('word3'),
      'first words',
    );
    part<HTMLButtonElement>(panel, 'stop')!.click();
    expect((await ended).status).to.equal('cancelled');
    await panel.updateComplete;
    const text = panel.shadowRoot!.querySelector('.message.assistant .markdown')!.textContent.trim();
    expect(text.startsWith('word0 word1')).to.equal(true);
    expect(text.length).to.be.lessThan(full.length);
    expect(panel.shadowRoot!.querySelector('.notice[data-notice="cancelled"]')!.textContent).to.contain('Stopped');
    expect(part(panel, 'error')).to.equal(null);
    expect(part(panel, 'send'), 'send is back').to.not.equal(null);
  });

  it('follows a streamed answer to the bottom until the user scrolls up', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="memory" style="width:320px;height:300px"></chart-agent-panel>`,
    );
    const lines = Array.from({ length: 60 }, (_, i) => `Line ${i} of a long answer.`).join('\n\n');
    await mock.script([{ text: lines, chunkDelayMs: 15 }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Write a lot');
    const messages = part(panel, 'messages')!;
    const atBottom = () => messages.scrollHeight - messages.scrollTop - messages.clientHeight < 4;
    await waitFor(() => messages.scrollHeight > messages.clientHeight + 200, 'a long answer');
    // The panel follows once per frame while streaming.
    await waitFor(atBottom, 'following the stream', 2000);
    messages.scrollTop = 0;
    messages.dispatchEvent(new Event('scroll'));
    const height = messages.scrollHeight;
    await waitFor(() => messages.scrollHeight > height + 100, 'more text');
    expect(messages.scrollTop, 'stays where the user scrolled').to.equal(0);
    await panel.updateComplete;
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.jump')!.click();
    await ended;
    await panel.updateComplete;
    expect(atBottom(), 'follows again after jumping to the latest').to.equal(true);
  });

  it('a 500 followed by a success is retried silently', async () => {
    const { panel } = await memoryPanel(mock.url);
    await mock.script([{ status: 500, headers: { 'retry-after': '0' } }, { text: 'Recovered answer.' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    expect(messagesText(panel)).to.contain('Recovered answer.');
    expect(part(panel, 'error')).to.equal(null);
    expect((await mock.requests()).length).to.equal(2);
  });

  it('a 401 shows the PROVIDER_AUTH explanation (debug), and Retry re-sends the message', async () => {
    const { panel } = await memoryPanel(mock.url, { debug: true });
    await mock.script([
      {
        status: 401,
        errorBody: {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
        },
      },
    ]);
    let ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello there');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;
    const error = part(panel, 'error')!;
    expect(error.dataset.code).to.equal('PROVIDER_AUTH');
    expect(error.textContent).to.contain('refused the API key');
    expect(error.textContent).to.contain('OPENAI_API_KEY');

    await mock.script([{ text: 'Works now.' }]);
    ended = nextRunEnd(panel);
    part<HTMLButtonElement>(panel, 'retry')!.click();
    expect((await ended).status).to.equal('completed');
    const recorded = await mock.requests();
    expect(messageOf(recorded[0], 'user').at(-1)!.content).to.equal('Hello there');
    await panel.updateComplete;
    expect(messagesText(panel)).to.contain('Works now.');
  });

  it('an unconfigured relay explains how to configure a model for npm start', async () => {
    const { panel } = await memoryPanel(mock.url);
    await mock.script([
      {
        status: 503,
        errorBody: {
          error: {
            code: 'model_not_configured',
            message: 'No model is configured on the relay.',
            type: 'server_error',
          },
        },
      },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;
    const error = part(panel, 'error')!;
    expect(error.dataset.code).to.equal('MODEL_NOT_CONFIGURED');
    // Visitors read that the assistant is not set up; the developer's recipe needs `debug`.
    expect(error.textContent).to.contain('The assistant is not set up yet.');
    expect(error.textContent).not.to.contain('OPENAI_API_KEY');
    panel.debug = true;
    await panel.updateComplete;
    for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'npm start'])
      expect(error.textContent).to.contain(name);
    expect((await mock.requests()).length, 'not retried').to.equal(1);
  });

  it('new chat, switching back, and deleting a chat', async () => {
    const { panel } = await memoryPanel(mock.url);
    await mock.script([{ text: 'First chat answer.' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'first chat');
    await ended;
    const firstId = panel.sessionId;
    part<HTMLButtonElement>(panel, 'new-session')!.click();
    await waitFor(
      () => panel.sessionId !== firstId && panel.shadowRoot!.querySelector('.empty') !== null,
      'empty new chat',
    );
    const select = part<HTMLSelectElement>(panel, 'session-list')!;
    await waitFor(() => select.options.length === 2, 'two chats listed');
    select.value = firstId;
    select.dispatchEvent(new Event('change'));
    await waitFor(() => messagesText(panel).includes('First chat answer.'), 'first chat shown again');
    const del = part<HTMLButtonElement>(panel, 'delete-session')!;
    del.click();
    await panel.updateComplete;
    expect(panel.sessionId, 'first click only arms the button').to.equal(firstId);
    del.click();
    await waitFor(
      () => panel.sessionId !== firstId && part<HTMLSelectElement>(panel, 'session-list')!.options.length === 1,
      'chat deleted',
    );
    expect(messagesText(panel)).to.not.contain('First chat answer.');
  });

  it('a chat open in another panel (another tab) is read-only here', async () => {
    await deleteDatabase(SESSIONS_DB);
    const { panel, second } = await twoPanels(mock.url);
    expect(second.sessionId).to.equal(panel.sessionId);
    expect(part(second, 'notice')!.textContent).to.contain('open in another tab');
    expect(second.canSend).to.equal(false);
    expect(part<HTMLTextAreaElement>(second, 'input')!.disabled).to.equal(true);
    // A new chat is its own: writable.
    part<HTMLButtonElement>(second, 'new-session')!.click();
    await waitFor(() => second.sessionId !== panel.sessionId && second.canSend, 'own chat');
    expect(part(second, 'notice')).to.equal(null);
  });

  it('the read-only view of a chat follows the run of the tab that holds it, live, without a Stop button', async () => {
    await deleteDatabase(SESSIONS_DB);
    const { chart, panel, second } = await twoPanels(mock.url);
    const answer = Array.from({ length: 30 }, (_, i) => `step${i}`).join(' ');
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: answer, chunkDelayMs: 40 },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly, then explain');
    // While the first panel still streams, the second already shows part of the answer and the tool card.
    await waitFor(() => messagesText(second).includes('step3'), 'streamed text in the read-only view', 10000);
    expect(part(panel, 'stop'), 'the holding panel is still running').to.not.equal(null);
    expect(messagesText(second)).to.contain('weekly, then explain');
    expect(parts(second, 'tool-card').length).to.equal(1);
    expect(part(second, 'stop'), 'only the holding tab can stop its run').to.equal(null);
    expect((await ended).status).to.equal('completed');
    await waitFor(() => messagesText(second).includes('step29'), 'the whole answer', 5000);
    expect(chart.context.get()!.period).to.equal('1w');
    expect(part(second, 'notice')?.dataset.notice).to.equal('session-read-only');
  });

  it('malformed tool arguments fail on the card and the corrected call completes the run', async () => {
    const { chart, panel } = await memoryPanel(mock.url);
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"' }] },
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'Fixed my call; the chart is weekly now.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly please');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    const cards = parts(panel, 'tool-card');
    expect(cards.map((c) => c.dataset.status)).to.deep.equal(['failed', 'succeeded']);
    expect(cards[0].textContent).to.contain('invalid_input');
    expect(chart.context.get()!.period).to.equal('1w');
    expect(messagesText(panel)).to.contain('Fixed my call; the chart is weekly now.');
  });

  it('a recreated panel (a reload) shows the conversation again from IndexedDB', async () => {
    await deleteDatabase(SESSIONS_DB);
    const { wrapper, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb"></chart-agent-panel>`,
    );
    await mock.script([
      { toolCalls: [{ name: 'chart_get_context', arguments: '{}' }] },
      { text: 'Remembered answer.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Remember this conversation');
    expect((await ended).status).to.equal('completed');
    const sessionId = panel.sessionId;
    panel.remove();

    const again = document.createElement('chart-agent-panel');
    again.setAttribute('for', 'c1');
    again.setAttribute('base-url', mock.url);
    again.setAttribute('session-store', 'indexeddb');
    wrapper.append(again);
    await waitFor(() => messagesText(again).includes('Remembered answer.'), 'replayed answer');
    expect(again.sessionId).to.equal(sessionId);
    expect(messagesText(again)).to.contain('Remember this conversation');
    expect(part(again, 'tool-card')!.dataset.status).to.equal('succeeded');
    await waitFor(() => again.canSend, 'writable again');
    expect(part(again, 'notice')).to.equal(null);
    // The session was named after its first message.
    expect(part<HTMLSelectElement>(again, 'session-list')!.selectedOptions[0].textContent).to.contain(
      'Remember this conversation',
    );
  });

  it('read-only: mutating tools are not offered, and a call anyway is refused with not_allowed', async () => {
    const { chart, panel } = await memoryPanel(mock.url);
    part<HTMLButtonElement>(panel, 'read-only-toggle')!.click();
    await panel.updateComplete;
    expect(part(panel, 'read-only-toggle')!.getAttribute('aria-pressed')).to.equal('true');
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'I cannot change the chart in read-only mode.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Switch to weekly');
    expect((await ended).status).to.equal('completed');
    const names = ((await mock.requests())[0].body.tools as { function: { name: string } }[]).map(
      (t) => t.function.name,
    );
    expect(names).to.include('chart_get_context');
    expect(names).to.not.include('chart_set_period');
    expect(names).to.not.include('chart_set_symbol');
    await panel.updateComplete;
    const card = part(panel, 'tool-card')!;
    expect(card.dataset.status).to.equal('failed');
    expect(card.textContent).to.contain('not_allowed');
    expect(chart.context.get()!.period).to.equal('1d');
  });

  it('hostile model text renders inert', async () => {
    const { panel } = await memoryPanel(mock.url);
    delete (window as { __pwned?: unknown }).__pwned;
    await mock.script([
      {
        text: 'Look <img src=x onerror="window.__pwned=1"> and [x](javascript:window.__pwned=1) or [docs](https://example.com/docs).',
      },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, '<img src=y onerror="window.__pwned=2">');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    await new Promise((r) => setTimeout(r, 100)); // no event for "no handler ran": let an injected onerror fire first
    const root = panel.shadowRoot!;
    expect(root.querySelector('img')).to.equal(null);
    expect(
      [...root.querySelectorAll('a')].filter((a) => !/^https?:|^mailto:/.test(a.getAttribute('href') ?? '')).length,
    ).to.equal(0);
    const docs = root.querySelector<HTMLAnchorElement>('.message.assistant a')!;
    expect(docs.href).to.equal('https://example.com/docs');
    expect(docs.rel).to.equal('noopener noreferrer');
    expect(messagesText(panel)).to.contain('<img src=x onerror="window.__pwned=1">');
    expect(messagesText(panel)).to.contain('[x](javascript:window.__pwned=1)');
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined);
  });

  it('stores neither the api key nor a bearer token', async () => {
    await deleteDatabase(SESSIONS_DB);
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      warnings.push(args[0]);
    };
    let panel: ChartAgentPanel;
    try {
      ({ panel } = await chartAndPanel(
        html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb" api-key="sk-testsecret123456"></chart-agent-panel>`,
      ));
    } finally {
      console.warn = warn;
    }
    expect(warnings.some((w) => String(w).includes('local development only'))).to.equal(true);
    await mock.script([
      { toolCalls: [{ name: 'chart_get_context', arguments: '{}' }] },
      { text: 'I will not repeat sk-testsecret123456 anywhere.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'my key is sk-testsecret123456, keep it safe');
    expect((await ended).status).to.equal('completed');
    const recorded = await mock.requests();
    expect(recorded[0].headers.authorization).to.equal('Bearer sk-testsecret123456');
    let dump = '';
    await pollUntil(async () => {
      dump = JSON.stringify(await dumpDatabase(SESSIONS_DB));
      return dump.includes('I will not repeat');
    }, 'the answer saved');
    expect(dump).to.contain('keep it safe');
    expect(dump).to.not.contain('sk-testsecret123456');
    expect(dump).to.not.contain('Bearer');
    expect(messagesText(panel)).to.not.contain('sk-testsecret123456');
  });
});
