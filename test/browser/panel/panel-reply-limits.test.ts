import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/chart-agent-panel.js';
import { MAX_REPLY_TEXT_CHARS, MAX_TOOL_ARGUMENTS_CHARS } from '../../../src/agent/reply-limits.js';
import type { RecordedRequest } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';
import {
  chartAndPanel,
  deleteDatabase,
  memoryPanel,
  nextRunEnd,
  part,
  parts,
  typeAndSend,
  useMockModel,
} from './panel-fixture.js';

// A hostile (or broken) model: a tool call whose arguments stream without end, an answer that never
// stops, a reply of endless tool calls. Each is cut off at its limit (src/agent/reply-limits.ts): the
// panel stops reading and closes the connection (the mock sees it closed before it sent all it meant
// to), keeps the text that came (marked cut), runs none of the reply's calls, says so in the reader's
// language, and the chat goes on: its next message works, and a reload shows the same chat with no
// call left without a result. Before, the stream was read to its end (tens of megabytes) and the call
// refused only afterwards.

const SESSIONS_DB = 'kline-agent-sessions';
const MARKER = '{"time":"2024-01-02","position":"above","shape":"circle","text":"x"},';

async function markerTotal(chart: KlineChart): Promise<number> {
  return ((await chart.tools.execute('markers_list', { limit: 1 })) as { data: { total: number } }).data.total;
}

interface SentMessage {
  role: string;
  content?: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string } }[];
}

/** Every tool call of an assistant message sent is answered by a tool message, and no tool message answers nothing. */
function expectValidHistory(request: RecordedRequest): SentMessage[] {
  const messages = request.body.messages as SentMessage[];
  const called = messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));
  const answered = messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
  expect(answered.sort(), 'each tool call has its result, each result its call').to.deep.equal(called.sort());
  return messages;
}

/**
 * The mock's first request of the test: its stream closed before the mock sent all it was scripted
 * to (the client hung up; the mock may notice a moment after the run ended).
 */
async function expectCutOffEarly(
  mock: { requests(): Promise<RecordedRequest[]> },
  planned: number,
): Promise<RecordedRequest> {
  let request: RecordedRequest | undefined;
  await pollUntil(async () => {
    [request] = await mock.requests();
    return request?.stream?.closedEarly === true || request?.stream?.finished === true;
  }, 'the stream closed');
  const stream = request!.stream!;
  expect(stream.closedEarly, `the client closed the connection (${JSON.stringify(stream)})`).to.equal(true);
  expect(stream.finished, 'the stream did not run to its end').to.equal(false);
  expect(stream.floodChars, 'not all of the flood went out').to.be.lessThan(planned);
  return request!;
}

function panelOn(url: string): ChartAgentPanel {
  const panel = document.createElement('chart-agent-panel');
  for (const [k, v] of Object.entries({ for: 'c1', 'base-url': url, 'session-store': 'indexeddb' }))
    panel.setAttribute(k, v);
  panel.style.cssText = 'width:380px;height:560px';
  return panel;
}

describe('<chart-agent-panel> a reply past its limits is cut off', function () {
  this.timeout(120000);

  const mock = useMockModel();

  it('a tool call streaming megabytes of arguments: cut at the limit, nothing runs, the chat goes on after a reload', async () => {
    await deleteDatabase(SESSIONS_DB);
    const { chart, panel, wrapper } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb"
        style="width:380px;height:560px"></chart-agent-panel>`,
    );
    // Far past what the sockets and the browser can buffer (tens of MB), so a client that stops reading at the
    // limit is seen to hang up early even on a loaded machine (24 Mi once all went out before the abort).
    const planned = 64 * 1024 * 1024;
    const piece = MARKER.repeat(Math.ceil(65536 / MARKER.length));
    await mock.script([
      {
        text: 'Marking every bar.',
        toolCalls: [{ name: 'markers_create', arguments: '{"markers":[' }],
        flood: { kind: 'arguments', piece, maxChars: planned },
      },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Mark every bar');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;

    const first = await expectCutOffEarly(mock, planned);
    expect(first.stream!.floodChars, 'at least the limit went out: it was crossed').to.be.greaterThan(
      MAX_TOOL_ARGUMENTS_CHARS - 65536,
    );
    expect(planned, 'the call streamed 5+ MB').to.be.greaterThan(5 * 1024 * 1024);
    expect(await markerTotal(chart), 'the call did not run').to.equal(0);
    expect(parts(panel, 'tool-card'), 'no card of a call that never ran').to.have.length(0);
    const error = part(panel, 'error')!;
    expect(error.dataset.cause).to.equal('tool-call-too-large');
    expect(error.textContent).to.contain('far too large to handle');
    expect(part(panel, 'retry'), 'a way to go on').not.to.equal(null);
    expect(part(panel, 'messages')!.textContent).to.contain('Marking every bar.');
    expect(part(panel, 'cut-note')!.textContent).to.contain('Cut off here');

    // A page reload: the same chat, the same rows, nothing left running or dangling.
    wrapper.replaceChildren();
    wrapper.innerHTML = '<kline-chart id="c1" style="width:600px;height:400px"></kline-chart>';
    const again = panelOn(mock.url);
    wrapper.append(again);
    await waitFor(() => part(again, 'error') !== null && again.connected && again.canSend, 'the chat after reload');
    await again.updateComplete;
    expect(part(again, 'error')!.dataset.cause).to.equal('tool-call-too-large');
    expect(part(again, 'cut-note'), 'still marked cut').not.to.equal(null);
    expect(parts(again, 'tool-card')).to.have.length(0);
    expect(part(again, 'notice'), 'not "interrupted": the run ended').to.equal(null);

    await mock.script([{ text: 'Here are fewer markers.' }]);
    const next = nextRunEnd(again);
    await typeAndSend(again, 'Just the last bar then');
    expect((await next).status).to.equal('completed');
    const requests = await mock.requests();
    expect(requests).to.have.length(1);
    const messages = expectValidHistory(requests[0]);
    expect(JSON.stringify(messages)).not.to.contain('markers_create"');
    expect(JSON.stringify(requests[0].body).length, 'none of the flood is sent back').to.be.lessThan(200_000);
    await deleteDatabase(SESSIONS_DB).catch(() => undefined);
  });

  it('an answer that never ends: cut at the limit, the text so far kept and marked, the next message works', async () => {
    const { panel } = await memoryPanel(mock.url);
    // Far more than the loopback socket and the browser buffer before the panel has read past the limit.
    const planned = 48 * MAX_REPLY_TEXT_CHARS;
    await mock.script([{ text: 'Here is my analysis. ', flood: { kind: 'text', maxChars: planned } }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Analyse this');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;

    await expectCutOffEarly(mock, planned);
    const answer = panel.shadowRoot!.querySelector<HTMLElement>('.message.assistant')!;
    const text = answer.querySelector('.markdown')!.textContent;
    expect(text.trim().startsWith('Here is my analysis.'), 'the start is kept').to.equal(true);
    expect(text.length, 'all that came up to the limit is kept').to.be.greaterThan(MAX_REPLY_TEXT_CHARS - 100);
    expect(text.length, 'nothing past the limit').to.be.at.most(MAX_REPLY_TEXT_CHARS + 100);
    expect(answer.querySelector('[part="cut-note"]')!.textContent).to.equal('Cut off here: the reply grew too large.');
    expect(part(panel, 'error')!.dataset.cause).to.equal('reply-too-long');

    await mock.script([{ text: 'Short answer.' }]);
    const next = nextRunEnd(panel);
    await typeAndSend(panel, 'Briefly, please');
    expect((await next).status).to.equal('completed');
    await panel.updateComplete;
    expect(part(panel, 'messages')!.textContent).to.contain('Short answer.');
    expectValidHistory((await mock.requests())[0]);
  });

  it('a reply of endless tool calls: cut past the per-reply count, none runs, said in the reader’s language', async () => {
    const { chart, panel } = await memoryPanel(mock.url, { locale: 'zh-CN' });
    const call = '{"markers":[{"time":"2024-01-02","position":"above","shape":"circle"}]}';
    const planned = 16 * 1024 * 1024;
    await mock.script([
      {
        toolCalls: [{ name: 'markers_create', arguments: call }],
        flood: { kind: 'tool-calls', maxChars: planned },
      },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, '标记');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;

    await expectCutOffEarly(mock, planned);
    expect(await markerTotal(chart), 'none of the calls ran').to.equal(0);
    expect(parts(panel, 'tool-card')).to.have.length(0);
    const error = part(panel, 'error')!;
    expect(error.dataset.cause).to.equal('too-many-tool-calls');
    expect(error.textContent).to.contain('助手试图一次做太多事情');

    await mock.script([{ text: '好的。' }]);
    const next = nextRunEnd(panel);
    await typeAndSend(panel, '只标记一个');
    expect((await next).status).to.equal('completed');
    expectValidHistory((await mock.requests())[0]);
  });
});
