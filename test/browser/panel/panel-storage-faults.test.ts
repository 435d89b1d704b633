import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { panelStoreTiming } from '../../../components/chart-agent-panel/panel-session-store.js';
import type { MockStep } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import {
  chartAndPanel,
  deleteDatabase,
  dumpDatabase,
  messagesText,
  nextRunEnd,
  part,
  startMockModel,
  typeAndSend,
  unmountAll,
} from './panel-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';
import { loadLocale } from '../../../components/i18n/index.js';

// What the user sees when IndexedDB fails: a notice, and the conversation stays in the page.
let mockUrl = '';
let mockRoot = '';
const SESSIONS_DB = 'kline-agent-sessions';

function script(steps: MockStep[]): Promise<void> {
  return scriptMock(mockRoot, steps);
}

async function idbPanel(locale = 'en') {
  await loadLocale(locale); // the built-in translation is a lazy chunk
  return chartAndPanel(
    html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="indexeddb" locale=${locale} style="width:380px;height:560px"></chart-agent-panel>`,
  );
}

function storageNotice(panel: ChartAgentPanel): HTMLElement | null {
  return panel.shadowRoot!.querySelector<HTMLElement>('[data-notice="storage"]');
}

async function ask(panel: ChartAgentPanel, text: string, answer: string): Promise<void> {
  await script([{ text: answer }]);
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, text);
  expect((await ended).status).to.equal('completed');
  await waitFor(() => messagesText(panel).includes(answer), 'the answer shown');
}

/** Replaces a prototype method for one test; `restore` puts the original back. */
function patch<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): () => void {
  const original = Object.getOwnPropertyDescriptor(target, key)!;
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
  return () => Object.defineProperty(target, key, original);
}

describe('<chart-agent-panel> when storage fails', function () {
  this.timeout(60000);
  const restores: (() => void)[] = [];
  const timing = { ...panelStoreTiming };

  before(async () => {
    ({ url: mockUrl, root: mockRoot } = await startMockModel());
  });
  beforeEach(async () => {
    await deleteDatabase(SESSIONS_DB);
  });
  afterEach(() => {
    unmountAll();
    for (const restore of restores.splice(0).reverse()) restore();
    Object.assign(panelStoreTiming, timing);
  });

  it('a failing IndexedDB write is retried, then a notice says the conversation stays in the page; the run completes and stays visible', async () => {
    panelStoreTiming.retryBaseDelayMs = 10;
    const { panel } = await idbPanel();
    let puts = 0;
    const put = IDBObjectStore.prototype.put;
    restores.push(
      patch(
        IDBObjectStore.prototype,
        'put',
        function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
          if (this.name === 'events') {
            puts++;
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          }
          return put.apply(this, args);
        },
      ),
    );
    expect(storageNotice(panel)).to.equal(null);
    await ask(panel, 'Will this be saved?', 'It will stay in this page.');
    await waitFor(() => storageNotice(panel) !== null, 'storage notice');
    expect(storageNotice(panel)!.dataset.problem).to.equal('write-failed');
    expect(storageNotice(panel)!.textContent).to.contain('could not be saved; it stays in this page');
    expect(puts, 'retried before giving up').to.be.greaterThan(1);
    // The conversation goes on in the page.
    await ask(panel, 'And another question', 'Second answer, still here.');
    expect(messagesText(panel)).to.contain('Will this be saved?');
    expect(messagesText(panel)).to.contain('It will stay in this page.');
  });

  it('indexedDB.open throwing falls back to page memory with a notice; a message is sent and answered', async () => {
    restores.push(
      patch(IDBFactory.prototype, 'open', () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    );
    const { panel } = await idbPanel();
    await waitFor(() => storageNotice(panel) !== null, 'storage notice');
    expect(storageNotice(panel)!.dataset.problem).to.equal('unavailable');
    await ask(panel, 'Hello without storage', 'Answered from memory.');
    expect(messagesText(panel)).to.contain('Hello without storage');
  });

  it('indexedDB.open that never answers falls back after the timeout', async () => {
    panelStoreTiming.openTimeoutMs = 400;
    // A request whose events never fire (a hung or blocked open).
    restores.push(patch(IDBFactory.prototype, 'open', () => ({}) as IDBOpenDBRequest));
    const { panel } = await idbPanel('zh-CN');
    expect(storageNotice(panel)!.dataset.problem).to.equal('unavailable');
    expect(storageNotice(panel)!.textContent, "in the panel's language").to.contain('仅保留在当前页面中');
    await ask(panel, 'Hello after the timeout', 'Answered anyway.');
  });

  it('the database deleted mid-run: a notice, the conversation stays, and the chat goes on', async () => {
    const { panel } = await idbPanel();
    await ask(panel, 'First question', 'First answer.');
    await script([{ text: 'A slow answer streamed while the database disappears.', chunkDelayMs: 40 }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Second question');
    await waitFor(() => messagesText(panel).includes('A slow'), 'streaming started');
    // Another tab (or the user clearing site data) deletes the database under the open connection.
    const deleted = deleteDatabase(SESSIONS_DB);
    expect((await ended).status).to.equal('completed');
    await deleted;
    await waitFor(() => storageNotice(panel) !== null, 'storage notice');
    expect(storageNotice(panel)!.dataset.problem).to.equal('closed');
    for (const text of [
      'First question',
      'First answer.',
      'Second question',
      'A slow answer streamed while the database disappears.',
    ]) {
      expect(messagesText(panel)).to.contain(text);
    }
    await ask(panel, 'Third question', 'Third answer.');
    expect(messagesText(panel)).to.contain('First answer.');
  });

  it('stored records that are not valid events are skipped with a notice and kept aside; the rest replays', async () => {
    const { wrapper, panel } = await idbPanel();
    await ask(panel, 'Keep this conversation', 'Kept answer.');
    const sessionId = panel.sessionId;
    panel.remove();
    // Damage the log: a record of an unknown shape and one with a wrong field type.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(SESSIONS_DB);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('events', 'readwrite');
        tx.objectStore('events').put({ sessionId, seq: 500, at: 1, type: 'user.message', messageId: 'x', text: 42 });
        tx.objectStore('events').put({
          sessionId,
          seq: 501,
          at: 1,
          type: 'made.up',
          payload: '<img src=x onerror=alert(1)>',
        });
        tx.oncomplete = () => {
          db.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      };
    });
    const again = document.createElement('chart-agent-panel');
    again.setAttribute('for', 'c1');
    again.setAttribute('base-url', mockUrl);
    again.setAttribute('session-store', 'indexeddb');
    wrapper.append(again);
    await waitFor(() => messagesText(again).includes('Kept answer.'), 'replayed answer');
    await waitFor(() => storageNotice(again) !== null, 'storage notice');
    expect(storageNotice(again)!.dataset.problem).to.equal('invalid-records');
    expect(storageNotice(again)!.textContent).to.contain('2 saved records');
    expect(messagesText(again)).to.contain('Keep this conversation');
    await waitFor(() => again.canSend, 'writable');
    const dump = await dumpDatabase(SESSIONS_DB);
    const events = dump.events as { sessionId: string; seq: number }[];
    expect(events.filter((e) => e.sessionId === sessionId).every((e) => e.seq < 500)).to.equal(true);
    expect(events.filter((e) => e.sessionId === `${sessionId}\u0000quarantine`).map((e) => e.seq)).to.deep.equal([
      500, 501,
    ]);
    // The chat continues and its new events do not overwrite the kept-aside records.
    await ask(again, 'Continue', 'Continued.');
    expect(part(again, 'error')).to.equal(null);
  });
});
