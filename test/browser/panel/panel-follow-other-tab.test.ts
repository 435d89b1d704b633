import { expect } from '@open-wc/testing';
import '../../../components/chart-agent-panel/define.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { createIndexedDbSessionStore, type SessionStore } from '../../../src/agent/index.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { waitFor } from '../helpers/wait-for.js';

// The test plays the other tab with the real protocol: the chat's Web Lock, its stored log (the same
// IndexedDB database the panel uses) and its live events on the BroadcastChannel.
const KEY = 'follow-other-tab-test';
const CHANNEL = 'kline-agent-sessions';

type Body = { type: AgentEvent['type'] } & Record<string, unknown>;

class OtherTab {
  readonly channel = new BroadcastChannel(CHANNEL);
  #release: (() => void) | null = null;
  #seq = 0;

  constructor(
    readonly store: SessionStore,
    readonly sessionId: string,
  ) {}

  /** Takes the chat's lock, as the tab that opens a chat first does. */
  async lock(): Promise<void> {
    await new Promise<void>((locked) => {
      void navigator.locks.request(`kline-agent-session:${this.sessionId}`, () => {
        locked();
        return new Promise<void>((release) => (this.#release = release));
      });
    });
  }

  /** The tab goes away (a reload): its lock is let go, what it had not stored is lost. */
  unload(storedUpTo: number): void {
    this.#release?.();
    this.#release = null;
    this.#seq = storedUpTo;
  }

  event(body: Body, runId = 'run_1'): AgentEvent {
    return { ...body, seq: ++this.#seq, sessionId: this.sessionId, at: Date.now(), runId } as unknown as AgentEvent;
  }

  async store_(...events: AgentEvent[]): Promise<void> {
    await this.store.append(this.sessionId, events);
    for (const e of events) this.channel.postMessage(e);
  }

  live(...events: AgentEvent[]): void {
    for (const e of events) this.channel.postMessage(e);
  }

  close(): void {
    this.#release?.();
    this.channel.close();
  }
}

function part(panel: ChartAgentPanel, name: string): HTMLElement | null {
  return panel.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

function messagesText(panel: ChartAgentPanel): string {
  return part(panel, 'messages')?.textContent?.replace(/\s+/g, ' ') ?? '';
}

describe('<chart-agent-panel> following a chat another tab holds', function () {
  this.timeout(30000);
  let tab: OtherTab | null = null;
  let panel: ChartAgentPanel | null = null;

  afterEach(() => {
    panel?.remove();
    panel = null;
    tab?.close();
    tab = null;
  });

  async function followedChat(): Promise<OtherTab> {
    const store = createIndexedDbSessionStore();
    const { id } = await store.createSession('followed', KEY);
    const other = new OtherTab(store, id);
    await other.lock();
    await other.store_(
      other.event({ type: 'run.started', readOnly: false }),
      other.event({ type: 'user.message', messageId: 'msg_1', text: 'explain the trend' }),
    );
    panel = document.createElement('chart-agent-panel');
    panel.setAttribute('session-key', KEY);
    panel.setAttribute('session-store', 'indexeddb');
    document.body.append(panel);
    const shown = panel;
    await waitFor(() => shown.sessionId === id, 'the panel opened the chat');
    await waitFor(
      () => shown.shadowRoot!.querySelector('[data-notice="session-read-only"]') !== null,
      'read-only notice',
    );
    await waitFor(() => messagesText(shown).includes('explain the trend'), 'the stored question');
    return other;
  }

  it('the other tab reloaded mid-answer: the read-only view shows the run as interrupted and keeps following', async () => {
    tab = await followedChat();
    const shown = panel!;
    tab.live(
      tab.event({ type: 'assistant.text.delta', messageId: 'msg_2', delta: 'The trend ' }),
      tab.event({ type: 'assistant.text.delta', messageId: 'msg_2', delta: 'is up and' }),
      tab.event({ type: 'assistant.text.delta', messageId: 'msg_2', delta: ' still' }),
    );
    await waitFor(() => messagesText(shown).includes('is up and still'), 'the live answer');

    // Reload: the deltas were live-only, so the reloaded tab's log goes on from seq 2.
    tab.unload(2);
    await tab.lock();
    await tab.store_(tab.event({ type: 'run.interrupted' }));
    await waitFor(
      () => shown.shadowRoot!.querySelector('.notice[data-notice="interrupted"]') !== null,
      'the interrupted notice',
      5000,
    );
    expect(
      shown.shadowRoot!.querySelector('.message.assistant.streaming'),
      'no answer left streaming: the view shows the chat as the reloaded tab does',
    ).to.equal(null);
    await tab.store_(
      tab.event({ type: 'run.started', readOnly: false }, 'run_2'),
      tab.event({ type: 'user.message', messageId: 'msg_3', text: 'and now?' }, 'run_2'),
    );
    await waitFor(() => messagesText(shown).includes('and now?'), 'the next question', 5000);
  });

  it('a malformed message on the channel is ignored: the view keeps rendering what follows', async () => {
    tab = await followedChat();
    const shown = panel!;
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    const onRejection = (e: PromiseRejectionEvent) => errors.push(e.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      // Another script of the origin (or an older build in another tab) posts an event of no known shape.
      tab.live(
        tab.event({ type: 'tool.started', callId: 'c1', name: 'chart_set_period', input: {} }),
        tab.event({ type: 'tool.finished', callId: 'c1', name: 'chart_set_period', result: null, elapsedMs: 1 }),
      );
      tab.live(tab.event({ type: 'assistant.text.delta', messageId: 'msg_2', delta: 'still shown' }));
      await waitFor(() => messagesText(shown).includes('still shown'), 'the next delta', 5000);
      await shown.updateComplete;
      await new Promise((r) => setTimeout(r, 50));
      expect(errors.map(String)).to.deep.equal([]);
      // The card of the call whose result never came in a usable form still says it runs.
      expect(shown.shadowRoot!.querySelector('[part~="tool-card"]')?.getAttribute('data-status')).to.equal('running');
    } finally {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
