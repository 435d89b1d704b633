import type { ChartAgentPort } from '../../../src/protocol/index.js';
import type { FrameWindow } from './test-frame.js';

/**
 * From now on, every port a chart of the framed page hands out (`handed`, with whether it closed since) and
 * the chart id of every `kline-agent-connect` request there (`asked`), seen before the charts answer.
 */
export function recordHandedPorts(win: FrameWindow): {
  handed: { port: ChartAgentPort; closed: boolean }[];
  asked: (string | undefined)[];
} {
  const handed: { port: ChartAgentPort; closed: boolean }[] = [];
  const asked: (string | undefined)[] = [];
  win.addEventListener(
    'kline-agent-connect',
    (event) => {
      const detail = (event as CustomEvent<{ chartId?: string; reply(p: ChartAgentPort): void }>).detail;
      asked.push(detail.chartId);
      const reply = detail.reply.bind(detail);
      detail.reply = (port) => {
        const entry = { port, closed: false };
        handed.push(entry);
        void port.closed.then(() => (entry.closed = true));
        reply(port);
      };
    },
    { capture: true },
  );
  return { handed, asked };
}
