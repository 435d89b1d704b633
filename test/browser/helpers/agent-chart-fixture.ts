import { executeServerCommand } from '@web/test-runner-commands';
import { html, render } from 'lit';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { MockStep, RecordedRequest } from '../../mock-model/mock-step.js';
import { waitFor } from './chart-fixture.js';
import { mockRequests, scriptMock } from './mock-model-client.js';

/** The file's mock model, for a conversation told apart from any other by its prompt. */
export interface PromptMock {
  /** The OpenAI-compatible base URL, for the panel's `base-url`; set in `before`. */
  url: string;
  /** Resets the mock and queues `steps`. */
  script(steps: MockStep[]): Promise<void>;
  /** The requests of this conversation only (another test file may share the mock). */
  ourRequests(): Promise<RecordedRequest[]>;
}

/** Call inside a `describe`: starts the file's mock model in `before`; `prompt` marks the conversation. */
export function usePromptMock(prompt: string): PromptMock {
  let root = '';
  const mock: PromptMock = {
    url: '',
    script: (steps) => scriptMock(root, steps),
    ourRequests: async () =>
      (await mockRequests(root)).filter((r) => JSON.stringify(r.body?.messages ?? []).includes(prompt)),
  };
  before(async () => {
    mock.url = String(await executeServerCommand('mock-model-url'));
    root = mock.url.replace(/\/v1$/, '');
  });
  return mock;
}

/**
 * Renders into `container` a 600×420 chart (`id`, `indicators`) beside a 360 px panel on `baseUrl` that
 * keeps its chats in memory; resolves once the chart has data and the panel can send.
 */
export async function chartBesidePanel(
  container: HTMLElement,
  baseUrl: string,
  id: string,
  indicators: string,
): Promise<{ chart: KlineChart; panel: ChartAgentPanel }> {
  render(
    html`<div style="display:flex;gap:8px">
      <kline-chart id=${id} style="width:600px;height:420px" indicators=${indicators}></kline-chart>
      <chart-agent-panel for=${id} base-url=${baseUrl} session-store="memory" style="width:360px;height:420px"></chart-agent-panel>
    </div>`,
    container,
  );
  const chart = container.querySelector('kline-chart')!;
  const panel = container.querySelector<ChartAgentPanel>('chart-agent-panel')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await waitFor(() => panel.canSend, 'panel connected');
  return { chart, panel };
}
