import { AgentRuntime, createMemorySessionStore } from '../../../src/agent/index.js';
import { createAgentPort } from '../../../src/core/commands/create-agent-port.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { loadedCore } from '../catalog/catalog-fixture.js';
import { mockModel } from './harness.js';

/**
 * An agent runtime on the mock model, a memory session store with one session, and a loaded chart core whose
 * port the runtime drives; `shown` collects every event the runtime publishes (what a panel shows).
 */
export async function coreRuntime() {
  const mock = await mockModel();
  const store = createMemorySessionStore();
  const { id: sessionId } = await store.createSession();
  const core = await loadedCore();
  const { port } = createAgentPort(core);
  const runtime = new AgentRuntime({ baseURL: mock.url, store });
  runtime.setPort(port);
  const shown: AgentEvent[] = [];
  runtime.subscribe((e) => shown.push(e));
  return { mock, store, sessionId, core, port, runtime, shown };
}
