import { html, render, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { AgentRunDetail } from '../../../components/chart-agent-panel/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mockRequests, scriptMock } from '../helpers/mock-model-client.js';
import type { MockStep, RecordedRequest } from '../../mock-model/mock-step.js';
import { loadMarkdown } from '../../../components/agent-parts/markdown-view/index.js';

const mounted = new Set<HTMLElement>();

/**
 * Renders `template` into a fresh container in the body. Unlike open-wc's `fixture` it never waits
 * for an animation frame, which a page in a background tab (two test files run at once) never gets.
 */
export function mount(template: TemplateResult): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  render(template, container);
  mounted.add(container);
  return container;
}

/** Removes everything {@link mount} added; call it in `afterEach`. */
export function unmountAll(): void {
  for (const container of mounted) container.remove();
  mounted.clear();
}

/** A chart and a panel side by side, both ready (data loaded, panel connected with a session open). */
export async function chartAndPanel(
  panel: TemplateResult,
): Promise<{ wrapper: HTMLElement; chart: KlineChart; panel: ChartAgentPanel }> {
  const wrapper = mount(html`<div style="display:flex;gap:8px;align-items:stretch">
    <kline-chart id="c1" style="width:600px;height:400px"></kline-chart>${panel}</div>`)
    .firstElementChild as HTMLElement;
  const chart = wrapper.querySelector('kline-chart')!;
  const element = wrapper.querySelector('chart-agent-panel')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await waitFor(() => element.connected && element.sessionId !== '' && element.canSend, 'panel ready');
  // The Markdown tokenizer is a lazy chunk the panel starts loading on connect; tests that read
  // formatted answers wait for it here (a person sees plain text reformat a moment later).
  await loadMarkdown();
  await element.updateComplete;
  return { wrapper, chart, panel: element };
}

/** The describe's own mock model (the runner starts one per test file); filled in by its `before`. */
export interface MockModel {
  /** The OpenAI-compatible base URL, for the panel's `base-url`. */
  url: string;
  /** The server's root, for `scriptMock` and `mockRequests`. */
  root: string;
  /** Resets the mock and queues `steps`. */
  script(steps: MockStep[]): Promise<void>;
  /** The chat completion requests the mock received, oldest first. */
  requests(): Promise<RecordedRequest[]>;
}

/**
 * Loads the model client (the runtime imports it on the first run; loading it once before the tests spares
 * the first test fetching and transforming the module graph) and gives this file's mock model's base URL
 * and root (the runner starts one per test file). For a `before`; {@link useMockModel} calls it.
 */
export async function startMockModel(): Promise<{ url: string; root: string }> {
  await import('openai');
  const url = String(await executeServerCommand('mock-model-url'));
  return { url, root: url.replace(/\/v1$/, '') };
}

/**
 * Call inside a `describe`: in `before`, {@link startMockModel}; after each test, {@link unmountAll}.
 */
export function useMockModel(): MockModel {
  const mock: MockModel = {
    url: '',
    root: '',
    script: (steps) => scriptMock(mock.root, steps),
    requests: () => mockRequests(mock.root),
  };
  before(async () => {
    ({ url: mock.url, root: mock.root } = await startMockModel());
  });
  afterEach(unmountAll);
  return mock;
}

/** {@link chartAndPanel} with a 380 px panel on `baseUrl` that keeps its chats in memory. */
export function memoryPanel(
  baseUrl: string,
  { locale, debug = false, height = 560 }: { locale?: string; debug?: boolean; height?: number } = {},
): ReturnType<typeof chartAndPanel> {
  return chartAndPanel(
    html`<chart-agent-panel for="c1" locale=${ifDefined(locale)} base-url=${baseUrl} session-store="memory" ?debug=${debug} style="width:380px;height:${height}px"></chart-agent-panel>`,
  );
}

/**
 * A chart with two panels on `baseUrl` keeping their chats in IndexedDB, like two tabs: the first holds
 * the chat it opened, the second opens the same chat and shows it read-only (waited for).
 */
export async function twoPanels(
  baseUrl: string,
): Promise<{ wrapper: HTMLElement; chart: KlineChart; panel: ChartAgentPanel; second: ChartAgentPanel }> {
  const { wrapper, chart, panel } = await chartAndPanel(
    html`<chart-agent-panel for="c1" base-url=${baseUrl} session-store="indexeddb"></chart-agent-panel>`,
  );
  const second = document.createElement('chart-agent-panel');
  second.setAttribute('for', 'c1');
  second.setAttribute('base-url', baseUrl);
  second.setAttribute('session-store', 'indexeddb');
  wrapper.append(second);
  await waitFor(() => part(second, 'notice')?.dataset.notice === 'session-read-only', 'read-only notice', 5000);
  return { wrapper, chart, panel, second };
}

/** The first element in the panel's shadow tree with this part. */
export function part<T extends Element = HTMLElement>(panel: ChartAgentPanel, name: string): T | null {
  return panel.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
}

/** Every element in the panel's shadow tree with this part. */
export function parts<T extends Element = HTMLElement>(panel: ChartAgentPanel, name: string): T[] {
  return [...panel.shadowRoot!.querySelectorAll<T>(`[part~="${name}"]`)];
}

/** Text of the conversation. */
export function messagesText(panel: ChartAgentPanel): string {
  return part(panel, 'messages')?.textContent?.replace(/\s+/g, ' ') ?? '';
}

/** Types `text` into the input and presses Enter, like a user. */
export async function typeAndSend(panel: ChartAgentPanel, text: string): Promise<void> {
  const input = part<HTMLTextAreaElement>(panel, 'input')!;
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await panel.updateComplete;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}

/** Resolves with the detail of the panel's next `agent-run-end`. */
export function nextRunEnd(panel: ChartAgentPanel, timeout = 50000): Promise<AgentRunDetail> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Timed out waiting for agent-run-end')), timeout);
    panel.addEventListener(
      'agent-run-end',
      (e) => {
        clearTimeout(timer);
        resolve(e.detail);
      },
      { once: true },
    );
  });
}

/** Deletes an IndexedDB database (open connections close themselves on `versionchange`). */
export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    // `blocked` is followed by `success` once the open connections have closed (see above).
  });
}

/** Every record of every object store of an IndexedDB database, by store name. */
export async function dumpDatabase(name: string): Promise<Record<string, unknown[]>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
  try {
    const out: Record<string, unknown[]> = {};
    for (const store of [...db.objectStoreNames]) {
      out[store] = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      });
    }
    return out;
  } finally {
    db.close();
  }
}
