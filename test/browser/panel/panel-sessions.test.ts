import { expect } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { MockStep } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import {
  deleteDatabase,
  messagesText,
  mount,
  nextRunEnd,
  part,
  startMockModel,
  typeAndSend,
  unmountAll,
} from './panel-fixture.js';

// Chats belong to their place: a page path and the chart a panel serves (or an explicit session-key).
let mockUrl = '';
let mockRoot = '';
const SESSIONS_DB = 'kline-agent-sessions';

async function script(steps: MockStep[]): Promise<void> {
  await fetch(`${mockRoot}/__mock/reset`, { method: 'POST' });
  await fetch(`${mockRoot}/__mock/script`, { method: 'POST', body: JSON.stringify(steps) });
}

function panelsIn(root: ParentNode): ChartAgentPanel[] {
  return [...root.querySelectorAll('chart-agent-panel')];
}

/** Titles of the chats the panel lists (without their time). */
function listedTitles(panel: ChartAgentPanel): string[] {
  return [...part<HTMLSelectElement>(panel, 'session-list')!.options].map((o) =>
    o.textContent.replace(/ · .*$/, '').trim(),
  );
}

describe('<chart-agent-panel> sessions per place', function () {
  this.timeout(60000);

  before(async () => {
    ({ url: mockUrl, root: mockRoot } = await startMockModel());
  });
  beforeEach(() => deleteDatabase(SESSIONS_DB));
  afterEach(unmountAll);

  it('two panels serving two charts on one page are both writable, both send, and keep their own chats', async () => {
    const wrapper = mount(html`
      <kline-chart id="left" style="height:300px"></kline-chart><chart-agent-panel for="left" base-url=${mockUrl}></chart-agent-panel>
      <kline-chart id="right" style="height:300px"></kline-chart><chart-agent-panel for="right" base-url=${mockUrl}></chart-agent-panel>`);
    const [left, right] = panelsIn(wrapper);
    await waitFor(() => left.canSend && right.canSend, 'both panels writable', 10000);
    expect(part(left, 'notice')).to.equal(null);
    expect(part(right, 'notice')).to.equal(null);
    expect(left.effectiveSessionKey).to.equal(`${location.pathname}#left`);
    expect(right.effectiveSessionKey).to.equal(`${location.pathname}#right`);
    expect(left.sessionId).not.to.equal(right.sessionId);

    await script([{ text: 'Answer one.' }, { text: 'Answer two.' }]);
    const endLeft = nextRunEnd(left);
    const endRight = nextRunEnd(right);
    await typeAndSend(left, 'question left');
    await typeAndSend(right, 'question right');
    expect((await endLeft).status).to.equal('completed');
    expect((await endRight).status).to.equal('completed');
    expect(messagesText(left)).to.contain('question left');
    expect(messagesText(left)).not.to.contain('question right');
    expect(messagesText(right)).to.contain('question right');
    await waitFor(
      () => listedTitles(left).join() === 'question left' && listedTitles(right).join() === 'question right',
      'each lists its own chat',
    );
  });

  it("another page (session-key) does not show this page's chat; switching the key back shows it again", async () => {
    const wrapper = mount(
      html`<kline-chart id="c1" style="height:300px"></kline-chart><chart-agent-panel for="c1" base-url=${mockUrl}></chart-agent-panel>`,
    );
    const panel = panelsIn(wrapper)[0];
    await waitFor(() => panel.canSend, 'ready');
    await script([{ text: 'Page A answer.' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'page A question');
    await ended;
    const pageA = panel.effectiveSessionKey;

    const other = document.createElement('chart-agent-panel');
    other.setAttribute('session-key', '/blog/page-b#c1');
    other.setAttribute('for', 'c1');
    other.setAttribute('base-url', mockUrl);
    wrapper.append(other);
    await waitFor(() => other.canSend, 'page B panel writable');
    expect(messagesText(other)).not.to.contain('page A question');
    expect(listedTitles(other)).to.deep.equal(['New chat']);

    other.sessionKey = pageA;
    await waitFor(() => messagesText(other).includes('Page A answer.'), 'page A chat after switching the key');
  });

  it('duplicate chart ids: each panel drives the chart nearest to it (same post, same shadow root) and the console says why', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      warnings.push(args.join(' '));
    };
    try {
      const wrapper = mount(html`
        <article class="post-a"><kline-chart id="chart" style="height:240px"></kline-chart><chart-agent-panel for="chart" session-store="memory"></chart-agent-panel></article>
        <article class="post-b"><kline-chart id="chart" style="height:240px"></kline-chart><chart-agent-panel for="chart" session-store="memory"></chart-agent-panel></article>
        <div class="widget"></div>`);
      const host = wrapper.querySelector('.widget')!;
      const shadow = host.attachShadow({ mode: 'open' });
      shadow.innerHTML =
        '<kline-chart id="chart" style="height:240px"></kline-chart><chart-agent-panel for="chart" session-store="memory"></chart-agent-panel>';
      const charts = [
        ...wrapper.querySelectorAll<KlineChart>('kline-chart'),
        shadow.querySelector<KlineChart>('kline-chart')!,
      ];
      const panels = [...panelsIn(wrapper), shadow.querySelector('chart-agent-panel')!];
      await waitFor(() => panels.every((p) => p.connected), 'all connected');
      expect(warnings.some((w) => w.includes('charts on this page have id="chart"'))).to.equal(true);

      // Which chart a panel drives: removing a chart disconnects its panel only (which then finds
      // the next chart of that id, as `for` asks).
      const changes = panels.map(() => [] as boolean[]);
      panels.forEach((p, i) =>
        p.addEventListener('agent-connection-change', (e) => changes[i].push(e.detail.connected)),
      );
      for (const [index, chart] of charts.entries()) {
        changes.forEach((c) => {
          c.length = 0;
        });
        chart.remove();
        await waitFor(() => changes[index].includes(false), `panel ${index} follows its own chart`);
        panels.forEach((_, i) => {
          if (i > index) expect(changes[i], `panel ${i} untouched when chart ${index} left`).to.deep.equal([]);
        });
      }
    } finally {
      console.warn = warn;
    }
  });
});
