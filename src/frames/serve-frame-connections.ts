import {
  AGENT_CONNECT_EVENT,
  type AgentConnectDetail,
  type ChartAgentPort,
  type RunChangeSet,
} from '../protocol/index.js';
import { FRAME_CONNECT_MESSAGE, type FrameClientMessage, type FrameHostMessage } from './frame-messages.js';

let installed = false;

/**
 * Lets panels in other windows drive this document's charts: a `message` of type
 * {@link FRAME_CONNECT_MESSAGE} carrying a MessagePort is accepted only when its origin is listed in
 * the target chart's `agent-origins` attribute (space-separated origins); anything else is ignored
 * and logged. An accepted connection performs the ordinary in-document handshake and bridges the
 * chart's port over the MessageChannel (JSON requests and results, progress as messages). Idempotent.
 */
export function serveFrameConnections(win: Window = window): void {
  if (installed) return;
  installed = true;
  win.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; chartId?: unknown } | null;
    if (!data || typeof data !== 'object' || data.type !== FRAME_CONNECT_MESSAGE) return;
    const channel = event.ports[0];
    const chartId = typeof data.chartId === 'string' ? data.chartId : '';
    const chart = chartId
      ? win.document.getElementById(chartId)
      : ([...win.document.querySelectorAll('kline-chart')].find((c) => c.hasAttribute('agent-origins')) ?? null);
    if (!chart || chart.localName !== 'kline-chart' || !allows(chart, event.origin)) {
      console.warn(
        event.origin === 'null'
          ? '<kline-chart>: ignored an agent connection from an opaque origin (a sandboxed frame, a data: or file: page): it cannot be told apart from any other, so agent-origins cannot allow it.'
          : `<kline-chart>: ignored an agent connection from ${event.origin || '(unknown origin)'}${chart ? '' : ' (no such chart)'}: add the origin to agent-origins to allow it.`,
      );
      return;
    }
    if (!channel) return;
    let agentPort: ChartAgentPort | null = null;
    let answered = false;
    const waits: Promise<void>[] = [];
    const detail: AgentConnectDetail = {
      chartId: chart.id,
      // The chart whose agent-origins allowed this origin is the one to answer: as the requester it is
      // the nearest of its id to itself, so another chart sharing that id (which may list no origin) stays out.
      requester: chart,
      reply: (port) => {
        // One port per connection: a second chart of the same id lets its port go.
        if (agentPort || answered) port.close?.();
        else agentPort = port;
      },
      // A chart whose handshake chunk is still on its way answers later, or says it could not fetch it.
      deferred: (settled) => {
        waits.push(settled);
      },
    };
    win.document.dispatchEvent(new CustomEvent(AGENT_CONNECT_EVENT, { detail, bubbles: true, composed: true }));
    const settle = (failure?: unknown) => {
      answered = true;
      if (agentPort) bridge(agentPort, channel, () => allows(chart, event.origin));
      else {
        // The chunk failed (offline): the chart fired kline-error agent_unavailable and fetches it again
        // at the next connection; agent="off" is a refusal (docs/contracts.md "Charts in other windows").
        post(
          channel,
          failure === undefined
            ? { op: 'refused', reason: 'The chart does not accept an agent (agent="off").' }
            : { op: 'unavailable', reason: failure instanceof Error ? failure.message : String(failure) },
        );
        channel.close();
      }
    };
    if (agentPort || waits.length === 0) return settle();
    void Promise.allSettled(waits).then((results) => {
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      settle(failed ? (failed.reason ?? 'the chart could not be reached') : undefined);
    });
  });
}

/** Whether `chart`'s agent-origins lists `origin`. `null` is every opaque origin at once (any sandboxed frame, data: or file: page): never one to allow. */
function allows(chart: Element, origin: string): boolean {
  return (
    origin !== 'null' && origin !== '' && (chart.getAttribute('agent-origins') ?? '').split(/\s+/).includes(origin)
  );
}

function post(channel: MessagePort, message: FrameHostMessage): void {
  channel.postMessage(message);
}

/**
 * Serves one chart port over one MessagePort until either side closes, or until `allowed()` is false
 * at a request or a state change: the page took the origin out of agent-origins, so the other window lets go.
 */
function bridge(port: ChartAgentPort, channel: MessagePort, allowed: () => boolean): void {
  const running = new Map<number, AbortController>();
  let open = true;
  let unsubscribe = (): void => undefined;
  const shut = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    for (const c of running.values()) c.abort();
    channel.close();
  };
  const revoke = () => {
    console.warn('<kline-chart>: closed an agent connection whose origin is no longer in agent-origins.');
    post(channel, { op: 'closed' });
    shut();
    port.close?.();
  };
  // Checked before each state push too: the chart's changes stop reaching an origin the page took out.
  unsubscribe = port.subscribe((context) => {
    if (open && allowed()) post(channel, { op: 'state', tools: port.tools(), context });
    else if (open) revoke();
  });
  void port.closed.then(() => {
    if (open) post(channel, { op: 'closed' });
    shut();
  });
  channel.onmessage = async (event: MessageEvent<FrameClientMessage>) => {
    const message = event.data;
    if (!open || !message || typeof message !== 'object') return;
    if (message.op !== 'close' && !allowed()) return revoke();
    switch (message.op) {
      case 'execute': {
        const controller = new AbortController();
        running.set(message.id, controller);
        const options = message.options ?? {};
        const result = await port.execute(String(message.name), message.input, {
          signal: controller.signal,
          readOnly: options.readOnly === true,
          ...(typeof options.runId === 'string' ? { runId: options.runId } : {}),
          ...(typeof options.callId === 'string' ? { callId: options.callId } : {}),
          onProgress: (progress) => {
            if (open) post(channel, { op: 'progress', id: message.id, progress });
          },
        });
        running.delete(message.id);
        const runChanges = typeof options.runId === 'string' ? (port.runChanges?.(options.runId) ?? null) : null;
        if (open) post(channel, { op: 'result', id: message.id, result, runChanges });
        break;
      }
      case 'abort':
        running.get(message.id)?.abort();
        break;
      case 'revertRun': {
        const result = port.revertRun
          ? await port.revertRun(message.runId, message.direction, message.changes as RunChangeSet | undefined)
          : { ok: false, conflicts: ['the chart cannot undo runs'], reasons: [{ reason: 'unsupported' }] };
        if (open) post(channel, { op: 'result', id: message.id, result });
        break;
      }
      case 'close':
        // The other window let go of the port: so does the chart.
        shut();
        port.close?.();
        break;
    }
  };
  // The hello lists every tool: a chart's built-in ones are a chunk loaded after its first paint (issue #12).
  void (port.toolsReady?.() ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => {
      if (open && allowed())
        post(channel, { op: 'hello', chartId: port.chartId, tools: port.tools(), context: port.context() });
      else if (open) revoke();
    });
}
