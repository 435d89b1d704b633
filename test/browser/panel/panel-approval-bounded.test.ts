import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/chart-agent-panel.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';
import {
  chartAndPanel,
  deleteDatabase,
  dumpDatabase,
  nextRunEnd,
  part,
  typeAndSend,
  useMockModel,
} from './panel-fixture.js';

const SESSIONS_DB = 'kline-agent-sessions';

// A call that needs the user's approval (confirm-mutations="on") with a huge input: the session keeps a
// shortened copy of it in the approval event, as it does in `tool.started` (src/agent/bound-tool-input.ts);
// approving in the same page runs the whole call; after a reload the card still says what the call was.

function markersArguments(chart: KlineChart): string {
  const bars = coreOf(chart).store.peek('series')!.bars;
  const markers = Array.from({ length: 10_000 }, (_, i) => ({
    time: bars.time[i % bars.length],
    position: 'above',
    shape: 'circle',
    text: `mark #${i}`,
  }));
  return JSON.stringify({ markers });
}

async function markerTotal(chart: KlineChart): Promise<number> {
  return ((await chart.tools.execute('markers_list', { limit: 1 })) as { data: { total: number } }).data.total;
}

/** The stored approval events (IndexedDB), once there are `count`. */
async function storedApprovals(count: number): Promise<Record<string, unknown>[]> {
  let found: Record<string, unknown>[] = [];
  await pollUntil(async () => {
    const events = ((await dumpDatabase(SESSIONS_DB)).events ?? []) as Record<string, unknown>[];
    found = events.filter((e) => e.type === 'tool.approval.required');
    return found.length >= count;
  }, 'the approval event in IndexedDB');
  return found;
}

/**
 * What a reload leaves in IndexedDB when the page goes away while the call waits for approval: the log up
 * to that approval. (Removing the panel instead stops the run, which denies the call and stores that.)
 */
async function keepStoredUpTo(last: Record<string, unknown>, terminal: string): Promise<void> {
  await pollUntil(async () => {
    const events = ((await dumpDatabase(SESSIONS_DB)).events ?? []) as Record<string, unknown>[];
    return events.some((e) => e.type === terminal);
  }, 'the stopped run in IndexedDB');
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(SESSIONS_DB);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
  const range = IDBKeyRange.bound([last.sessionId, (last.seq as number) + 1], [last.sessionId, Infinity]);
  const tx = db.transaction('events', 'readwrite');
  tx.objectStore('events').delete(range);
  await new Promise((r, reject) => {
    tx.oncomplete = r;
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB request failed'));
  });
  db.close();
}

/** A page reload: a new chart and a new panel on the same stored chat. */
async function reload(wrapper: HTMLElement, locale = 'en'): Promise<ChartAgentPanel> {
  wrapper.replaceChildren();
  wrapper.innerHTML = '<kline-chart id="c1" style="width:600px;height:400px"></kline-chart>';
  const panel = document.createElement('chart-agent-panel');
  for (const [k, v] of Object.entries({ for: 'c1', 'base-url': mockUrl, 'session-store': 'indexeddb', locale }))
    panel.setAttribute(k, v);
  panel.setAttribute('confirm-mutations', 'on');
  panel.style.cssText = 'width:380px;height:640px';
  wrapper.append(panel);
  await waitFor(() => part(panel, 'approval-card') !== null && panel.connected, 'the approval card after reload');
  await panel.updateComplete;
  return panel;
}

let mockUrl = '';

describe('<chart-agent-panel> approval of a huge call', function () {
  this.timeout(120000);

  const mock = useMockModel();
  beforeEach(async () => {
    mockUrl = mock.url;
    await deleteDatabase(SESSIONS_DB);
  });
  after(() => deleteDatabase(SESSIONS_DB).catch(() => undefined));

  const open = (locale = 'en') =>
    chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb" confirm-mutations="on"
        locale=${locale} style="width:380px;height:640px"></chart-agent-panel>`,
    );

  /** A 5,000-id delete waiting for approval in a `locale` panel, then the page reloaded: the card after it. */
  async function reloadedDelete(
    locale: string,
  ): Promise<{ before: string; again: ChartAgentPanel; after: HTMLElement }> {
    const { panel, wrapper } = await open(locale);
    const ids = Array.from({ length: 5000 }, (_, i) => `drawing-id-${i}`);
    await mock.script([
      { toolCalls: [{ name: 'drawing_delete', arguments: JSON.stringify({ ids }) }] },
      { text: 'Done.' },
    ]);
    await typeAndSend(panel, 'delete them');
    await waitFor(() => part(panel, 'approve') !== null, 'the approval card');
    const before = part(panel, 'approval-card')!.querySelector('.approval-summary')!.textContent.trim();
    const [stored] = await storedApprovals(1);
    wrapper.querySelector('chart-agent-panel')!.remove();
    await keepStoredUpTo(stored, 'run.cancelled');
    const again = await reload(wrapper, locale);
    return { before, again, after: part(again, 'approval-card')! };
  }

  it('stores a shortened copy, adds all 10,000 markers once approved, and reads the same after a reload', async () => {
    const { chart, panel, wrapper } = await open();
    const args = markersArguments(chart);
    await mock.script([{ toolCalls: [{ name: 'markers_create', arguments: args }] }, { text: 'Done.' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'mark every bar');
    // ≈ 1 MB of arguments stream in first: on a loaded machine that takes seconds.
    await waitFor(() => part(panel, 'approve') !== null, 'the approval card', 40000);
    const summary = part(panel, 'approval-card')!.querySelector('.approval-summary')!.textContent.trim();
    expect(summary).to.match(/^\S.*markers: \[\{"time":/);

    const [stored] = await storedApprovals(1);
    expect(JSON.stringify(stored).length, 'the stored approval event').to.be.lessThan(20_000);
    expect(stored.inputBytes, 'the whole input’s size').to.be.greaterThan(args.length - 100);
    expect(stored.summary).to.equal(summary);

    part<HTMLButtonElement>(panel, 'approve')!.click();
    expect((await ended).status).to.equal('completed');
    expect(await markerTotal(chart), 'the whole call ran').to.equal(10_000);

    const again = await reload(wrapper);
    const card = part(again, 'approval-card')!;
    expect(card.dataset.decision).to.equal('approved');
    expect(card.querySelector('.approval-summary')!.textContent.trim()).to.equal(summary);
  });

  it('a shortened approval still waiting at a reload reads as the call it was, expired, and never runs', async () => {
    // 5,000 ids: ≈ 80 KB of JSON. Worded from the stored copy (10 ids and "… 4990 more") the card would read
    // "Delete 11 drawings".
    const { before, again, after: card } = await reloadedDelete('en');
    expect(before).to.equal('Delete 5000 drawings');
    expect(card.dataset.decision, 'nothing can approve the call any more').to.equal('expired');
    expect(part(again, 'approve')).to.equal(null);
    expect(card.querySelector('.approval-summary')!.textContent.trim()).to.equal('Delete 5000 drawings');
    // Nothing ran the call after the reload: the model was asked nothing more and no tool started.
    const requests = (await mock.requests()).length;
    await new Promise((r) => setTimeout(r, 300));
    expect((await mock.requests()).length).to.equal(requests);
    const events = ((await dumpDatabase(SESSIONS_DB)).events ?? []) as Record<string, unknown>[];
    expect(events.filter((e) => e.type === 'tool.started')).to.deep.equal([]);
    expect(events.at(-1)?.type).to.equal('run.interrupted');
  });

  it('a shortened approval reads in the panel’s language after a reload, with the whole call’s count', async () => {
    // Stored with a shortened copy of its input (10 ids and "… 4990 more"); the recorded summary is English.
    const { before, after } = await reloadedDelete('zh-CN');
    expect(before).to.equal('删除 5000 条画线');
    expect(after.dataset.decision).to.equal('expired');
    expect(after.querySelector('.approval-summary')!.textContent.trim()).to.equal('删除 5000 条画线');
  });
});
