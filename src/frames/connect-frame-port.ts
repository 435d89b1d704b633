import type {
  ChartAgentPort,
  ChartContext,
  RunChanges,
  RunRevertResult,
  ToolDescriptor,
  ToolProgress,
  ToolResult,
} from '../protocol/index.js';
import { FrameConnectError } from './frame-connect-error.js';
import { FRAME_CONNECT_MESSAGE, type FrameClientMessage, type FrameHostMessage } from './frame-messages.js';
import { windowOrigin } from './window-origin.js';

/**
 * A {@link ChartAgentPort} for a chart in another window (an iframe's `contentWindow`, `window.opener`),
 * over postMessage + a private MessageChannel. `targetOrigin` is the chart window's origin, one http(s)
 * origin such as `https://app.example` (window-origin.ts): the browser hands the channel's other end only
 * to a page of that origin, so every answer (`hello`, `refused`, …) comes from it. `'*'` ("whoever is
 * there") or any other value that is not one origin is refused with a `TypeError`. Rejects when the chart
 * does not answer within `timeoutMs` (an unlisted origin gets no answer), refuses (`agent="off"`) or cannot
 * answer (its code for the connection could not be fetched: asking again retries), each a
 * {@link FrameConnectError}. Progress arrives as messages and reaches the caller's `onProgress`; `close()`
 * lets the chart's port go.
 */
export function connectFramePort(
  target: Window,
  targetOrigin: string,
  options: { chartId?: string; timeoutMs?: number } = {},
): Promise<ChartAgentPort> {
  const origin = windowOrigin(targetOrigin);
  if (!origin)
    return Promise.reject(
      new TypeError(
        `connectFramePort: targetOrigin must be the chart window's origin (e.g. https://app.example), not ${JSON.stringify(targetOrigin)}.`,
      ),
    );
  const channel = new MessageChannel();
  const local = channel.port1;
  return new Promise<ChartAgentPort>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A chart still fetching its answer (serve-frame-connections.ts waits for it) reads this once it has one,
      // and lets that port go rather than keep serving a channel no one reads.
      local.postMessage({ op: 'close' } satisfies FrameClientMessage);
      local.close();
      reject(
        new FrameConnectError(
          'timeout',
          'The chart in the other window did not answer (is this origin listed in its agent-origins?).',
        ),
      );
    }, options.timeoutMs ?? 5000);
    let tools: ToolDescriptor[] = [];
    let context: ChartContext | null = null;
    let chartId = options.chartId ?? '';
    let nextId = 1;
    const listeners = new Set<(context: ChartContext | null) => void>();
    const pending = new Map<number, { resolve(value: unknown): void; onProgress?: (progress: ToolProgress) => void }>();
    const changes = new Map<string, RunChanges | null>();
    let closeResolve!: () => void;
    const closed = new Promise<void>((r) => (closeResolve = r));
    let isClosed = false;
    const close = () => {
      if (isClosed) return;
      isClosed = true;
      for (const p of pending.values())
        p.resolve({
          success: false,
          stateChanged: false,
          error: { code: 'not_allowed', message: 'The chart is disconnected.', retryable: false },
        });
      pending.clear();
      local.close();
      closeResolve();
    };
    const send = (message: FrameClientMessage) => {
      if (!isClosed) local.postMessage(message);
    };
    const port: ChartAgentPort = {
      get chartId() {
        return chartId;
      },
      tools: () => (isClosed ? [] : tools),
      context: () => context,
      subscribe(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      execute(name, input, execOptions = {}) {
        if (isClosed)
          return Promise.resolve({
            success: false,
            stateChanged: false,
            error: { code: 'not_allowed', message: 'The chart is disconnected.', retryable: false },
          });
        const id = nextId++;
        return new Promise<ToolResult>((done) => {
          const signal = execOptions.signal;
          const onAbort = () => send({ op: 'abort', id });
          signal?.addEventListener('abort', onAbort, { once: true });
          pending.set(id, {
            resolve: (value) => {
              signal?.removeEventListener('abort', onAbort);
              done(value as ToolResult);
            },
            ...(execOptions.onProgress ? { onProgress: execOptions.onProgress } : {}),
          });
          send({
            op: 'execute',
            id,
            name,
            input: input === undefined ? {} : (JSON.parse(JSON.stringify(input)) as unknown),
            options: {
              readOnly: execOptions.readOnly === true,
              ...(execOptions.runId ? { runId: execOptions.runId } : {}),
              ...(execOptions.callId ? { callId: execOptions.callId } : {}),
            },
          });
        });
      },
      closed,
      close() {
        send({ op: 'close' });
        close();
      },
      runChanges: (runId) => changes.get(runId) ?? null,
      revertRun(runId, direction, changeSet) {
        const id = nextId++;
        return new Promise<RunRevertResult>((done) => {
          pending.set(id, { resolve: (value) => done(value as RunRevertResult) });
          send({ op: 'revertRun', id, runId, direction, ...(changeSet ? { changes: changeSet } : {}) });
        });
      },
    };
    local.onmessage = (event: MessageEvent<FrameHostMessage>) => {
      const message = event.data;
      if (!message || typeof message !== 'object') return;
      switch (message.op) {
        case 'hello':
          clearTimeout(timer);
          chartId = String(message.chartId);
          tools = Array.isArray(message.tools) ? (message.tools as ToolDescriptor[]) : [];
          context = (message.context ?? null) as ChartContext | null;
          resolve(port);
          break;
        case 'refused':
        case 'unavailable':
          clearTimeout(timer);
          local.close();
          reject(new FrameConnectError(message.op === 'refused' ? 'refused' : 'agent_unavailable', message.reason));
          break;
        case 'state':
          tools = Array.isArray(message.tools) ? (message.tools as ToolDescriptor[]) : tools;
          context = (message.context ?? null) as ChartContext | null;
          for (const listener of listeners) listener(context);
          break;
        case 'progress':
          pending.get(message.id)?.onProgress?.(message.progress);
          break;
        case 'result': {
          const entry = pending.get(message.id);
          pending.delete(message.id);
          if (message.runChanges !== undefined) {
            const rc = message.runChanges as RunChanges | null;
            if (rc) changes.set(rc.runId, rc);
          }
          entry?.resolve(message.result);
          break;
        }
        case 'closed':
          close();
          break;
      }
    };
    local.start();
    target.postMessage(
      { type: FRAME_CONNECT_MESSAGE, ...(options.chartId ? { chartId: options.chartId } : {}) },
      origin,
      [channel.port2],
    );
  });
}
