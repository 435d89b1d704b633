import { startMockModel, type MockModelServer } from '../../mock-model/index.js';
import {
  AgentRuntime,
  createMemorySessionStore,
  type AgentRuntimeOptions,
  type SessionStore,
} from '../../../src/agent/index.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { createFakePort, type FakeTool } from './fake-port.js';

let shared: MockModelServer | null = null;

/** One mock model per test file; call `closeMock` in `after`. */
export async function mockModel(): Promise<MockModelServer> {
  shared ??= await startMockModel();
  shared.reset();
  return shared;
}

export async function closeMock(): Promise<void> {
  await shared?.close();
  shared = null;
}

/** A runtime wired to the mock model, a memory store, a fake port and an event recorder. */
export async function setup(options: Partial<AgentRuntimeOptions> & { tools?: FakeTool[]; noPort?: boolean } = {}) {
  const mock = await mockModel();
  const store: SessionStore = options.store ?? createMemorySessionStore();
  const { tools, noPort, ...rest } = options;
  const runtime = new AgentRuntime({ baseURL: mock.url, store, retry: { baseDelayMs: 1 }, ...rest });
  const port = createFakePort(tools);
  if (!noPort) runtime.setPort(port);
  const events: AgentEvent[] = [];
  runtime.subscribe((event) => events.push(event));
  const session = await store.createSession('test');
  return { mock, store, runtime, port, events, sessionId: session.id };
}

/** Events of one type, narrowed. */
export function ofType<T extends AgentEvent['type']>(
  events: readonly AgentEvent[],
  type: T,
): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

export function lastEvent(events: readonly AgentEvent[]): AgentEvent {
  const last = events[events.length - 1];
  if (!last) throw new Error('no events');
  return last;
}
