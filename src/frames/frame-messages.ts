/** The `type` of the message a panel in another window posts to connect (with a MessagePort). */
export const FRAME_CONNECT_MESSAGE = 'kline-agent-frame-connect';

/** Messages on the private MessageChannel between a chart's window (host) and a panel's (client). */
export type FrameHostMessage =
  | { op: 'hello'; chartId: string; tools: unknown; context: unknown }
  | { op: 'refused'; reason: string }
  /** The chart's code for the connection could not be fetched (offline): connecting again retries. */
  | { op: 'unavailable'; reason: string }
  | { op: 'state'; tools: unknown; context: unknown }
  | { op: 'progress'; id: number; progress: { fraction?: number; message: string } }
  | { op: 'result'; id: number; result: unknown; runChanges?: unknown }
  | { op: 'closed' };

export type FrameClientMessage =
  | {
      op: 'execute';
      id: number;
      name: string;
      input: unknown;
      options: { readOnly?: boolean; runId?: string; callId?: string };
    }
  | { op: 'abort'; id: number }
  | { op: 'revertRun'; id: number; runId: string; direction: 'undo' | 'redo'; changes?: unknown }
  | { op: 'close' };
