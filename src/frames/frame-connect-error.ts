/**
 * Why {@link connectFramePort} (connect-frame-port.ts) got no port: `refused` (the chart does not accept
 * an agent, `agent="off"`), `agent_unavailable` (the chart's code for the connection could not be
 * fetched, as its `kline-error` says: connecting again fetches it again) or `timeout` (no answer: the
 * origin is not in its `agent-origins`, or the page has no such chart yet).
 */
export class FrameConnectError extends Error {
  readonly code: 'refused' | 'agent_unavailable' | 'timeout';

  constructor(code: FrameConnectError['code'], message: string) {
    super(message);
    this.name = 'FrameConnectError';
    this.code = code;
  }
}
