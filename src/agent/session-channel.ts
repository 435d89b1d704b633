import type { AgentEvent } from '../protocol/index.js';
import { isAgentEvent } from './session-record-schema.js';

/** The BroadcastChannel every runtime of an origin shares for live session events. */
export const SESSION_CHANNEL = 'kline-agent-sessions';

/** Live events between the tabs of one origin: the tab holding a chat posts, the tabs showing it read-only follow. */
export interface SessionChannel {
  post(event: AgentEvent): void;
  close(): void;
}

/**
 * Opens the origin's session channel, or returns null where tabs cannot share a chat (no
 * `BroadcastChannel`, or no Web Locks, so no chat is ever read-only: Node). `onEvent` gets the events
 * other tabs post that pass the schema of stored events (any script of the origin, or an older build
 * in another tab, can post; anything else is dropped); the panel renders their text as Markdown text,
 * never as HTML, as it does stored events.
 */
export function openSessionChannel(onEvent: (event: AgentEvent) => void): SessionChannel | null {
  const scope = globalThis as { BroadcastChannel?: typeof BroadcastChannel; navigator?: { locks?: unknown } };
  if (!scope.BroadcastChannel || !scope.navigator?.locks) return null;
  const channel = new scope.BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    if (isAgentEvent(message.data)) onEvent(message.data);
  };
  return {
    post(event) {
      try {
        channel.postMessage(event);
      } catch {
        // A value that cannot be cloned (a host tool's odd result): followers catch up from the store on reopen.
      }
    },
    close: () => channel.close(),
  };
}
