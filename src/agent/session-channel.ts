import type { AgentEvent } from '../protocol/index.js';

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
 * other tabs post, checked for the fields a follower reads; the panel renders their text as Markdown
 * text, never as HTML, as it does stored events.
 */
export function openSessionChannel(onEvent: (event: AgentEvent) => void): SessionChannel | null {
  const scope = globalThis as { BroadcastChannel?: typeof BroadcastChannel; navigator?: { locks?: unknown } };
  if (!scope.BroadcastChannel || !scope.navigator?.locks) return null;
  const channel = new scope.BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    if (isEventLike(message.data)) onEvent(message.data);
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

function isEventLike(value: unknown): value is AgentEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as { type?: unknown; seq?: unknown; sessionId?: unknown; at?: unknown };
  return (
    typeof event.type === 'string' &&
    Number.isInteger(event.seq) &&
    typeof event.sessionId === 'string' &&
    typeof event.at === 'number'
  );
}
