import { expect } from '@open-wc/testing';
import {
  AgentRuntime,
  createMemorySessionStore,
  reduceTranscript,
  type SessionStore,
} from '../../../src/agent/index.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { waitFor } from '../helpers/wait-for.js';

// The test plays the tab holding the chat with the real protocol: the chat's Web Lock and its live
// events on the BroadcastChannel; the store is shared, as IndexedDB is between two tabs.
const CHANNEL = 'kline-agent-sessions';

type Body = { type: AgentEvent['type'] } & Record<string, unknown>;

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('a tab that starts following a chat another tab holds', function () {
  this.timeout(20000);

  it('gets the events the holding tab sent while it was reading the log, each once', async () => {
    const store = createMemorySessionStore();
    const { id } = await store.createSession('followed', 'page');
    let seq = 0;
    const event = (body: Body): AgentEvent =>
      ({ ...body, seq: ++seq, sessionId: id, at: Date.now(), runId: 'run_1' }) as unknown as AgentEvent;
    const channel = new BroadcastChannel(CHANNEL);
    const held = gate();
    await new Promise<void>((locked) => {
      void navigator.locks.request(`kline-agent-session:${id}`, () => {
        locked();
        return held.promise;
      });
    });
    const stored = async (...events: AgentEvent[]) => {
      await store.append(id, events);
      for (const e of events) channel.postMessage(e);
    };
    const live = (...events: AgentEvent[]) => {
      for (const e of events) channel.postMessage(e);
    };
    // Received on the channel by a second listener: proof that a message was delivered in this page.
    const seen = new BroadcastChannel(CHANNEL);
    let delivered = 0;
    seen.onmessage = () => delivered++;
    try {
      await stored(
        event({ type: 'run.started', readOnly: false }),
        event({ type: 'user.message', messageId: 'msg_1', text: 'explain the trend' }),
      );
      // The follower's read is slow (a large log): it starts late, and it returns what was stored when it ran.
      const startRead = gate();
      const read = gate();
      const readDone = gate();
      const slowStore: SessionStore = {
        ...store,
        readEvents: async (sessionId) => {
          await startRead.promise;
          const events = await store.readEvents(sessionId);
          read.open();
          await readDone.promise;
          return events;
        },
      };
      const follower = new AgentRuntime({ baseURL: 'http://127.0.0.1:9/v1', store: slowStore });
      const published: AgentEvent[] = [];
      follower.subscribe((e) => published.push(e));
      const opening = follower.openSession(id);

      // Before the read: stored, so the read finds it too (it must not be shown twice).
      await stored(event({ type: 'tool.started', callId: 'c1', name: 'chart_set_period', input: { period: '1w' } }));
      await waitFor(() => delivered === 3, 'the tool start delivered');
      startRead.open();
      await read.promise;
      // After the read and before the open ends: the finished call (stored) and live text.
      await stored(
        event({
          type: 'tool.finished',
          callId: 'c1',
          name: 'chart_set_period',
          result: { success: true, stateChanged: true, data: {} },
          elapsedMs: 5,
        }),
      );
      live(
        event({ type: 'assistant.text.delta', messageId: 'msg_2', delta: 'The trend ' }),
        event({ type: 'assistant.text.delta', messageId: 'msg_2', delta: 'is up.' }),
      );
      await waitFor(() => delivered === 6, 'the later events delivered');
      readDone.open();
      const opened = await opening;

      expect(opened.readOnly).to.equal(true);
      expect(opened.events.map((e) => e.seq)).to.deep.equal([1, 2, 3, 4, 5, 6]);
      const items = reduceTranscript(opened.events);
      const tool = items.find((i) => i.kind === 'tool');
      expect(tool?.kind === 'tool' && tool.status, 'the tool card').to.equal('succeeded');
      const said = items.find((i) => i.kind === 'assistant');
      expect(said?.kind === 'assistant' && said.text).to.equal('The trend is up.');

      // And it goes on following.
      live(event({ type: 'assistant.text.delta', messageId: 'msg_2', delta: ' Volume rose.' }));
      await waitFor(() => published.some((e) => e.seq === 7), 'the next delta');
      expect(published.filter((e) => e.seq === 7)).to.have.length(1);
      follower.closeSession(id);
    } finally {
      held.open();
      channel.close();
      seen.close();
    }
  });
});
