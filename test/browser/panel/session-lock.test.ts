import { expect } from '@open-wc/testing';
import { AgentRuntime, createMemorySessionStore } from '../../../src/agent/index.js';
import { pollUntil } from '../helpers/wait-for.js';

/** Whether this tab holds the Web Lock of chat `id`. */
async function held(id: string): Promise<boolean> {
  const { held: locks = [] } = await navigator.locks.query();
  return locks.some((lock) => lock.name === `kline-agent-session:${id}`);
}

describe('a chat closed while it is still being opened', function () {
  this.timeout(20000);

  // A panel moved or removed right after it connected closes its chat before the open got the chat's lock.
  for (const [when, ticks] of [
    ['before its log is read', 0],
    ['while the lock is requested', 3],
  ] as const) {
    it(`is free again for the next open in this tab (closed ${when})`, async () => {
      const store = createMemorySessionStore();
      const { id } = await store.createSession('Chat', 'page');
      const first = new AgentRuntime({ baseURL: 'http://127.0.0.1:9/v1', store });
      const opening = first.openSession(id);
      for (let i = 0; i < ticks; i++) await Promise.resolve();
      first.closeSession(id);
      await opening;
      await pollUntil(async () => !(await held(id)), 'the lock released');
      // The panel that comes back (a new runtime) can write to its chat: not "open in another tab".
      const second = new AgentRuntime({ baseURL: 'http://127.0.0.1:9/v1', store });
      expect((await second.openSession(id)).readOnly).to.equal(false);
      expect(await held(id)).to.equal(true);
      second.closeSession(id);
    });
  }

  it('an open after the close keeps the lock it was waiting for', async () => {
    const store = createMemorySessionStore();
    const { id } = await store.createSession('Chat', 'page');
    const runtime = new AgentRuntime({ baseURL: 'http://127.0.0.1:9/v1', store });
    const opening = runtime.openSession(id);
    runtime.closeSession(id);
    const reopened = runtime.openSession(id);
    await opening;
    expect((await reopened).readOnly).to.equal(false);
    expect(await held(id)).to.equal(true);
    runtime.closeSession(id);
    await pollUntil(async () => !(await held(id)), 'the lock released');
  });
});
