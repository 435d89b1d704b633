import type { ChartAgentPanel } from './chart-agent-panel.js';

const NAME = 'chart-agent-panel';
let loading: Promise<typeof ChartAgentPanel> | null = null;

/**
 * Loads the panel's implementation (a chunk beside the bundle) and defines `<chart-agent-panel>`.
 * The bundle calls it by itself when a panel appears in the document; a host that puts a panel
 * inside a shadow root of its own calls it (or awaits `customElements.whenDefined`) first.
 */
export function loadChartAgentPanel(): Promise<typeof ChartAgentPanel> {
  loading ??= import('./define.js').then(() => customElements.get(NAME) as typeof ChartAgentPanel);
  return loading;
}

function load(): void {
  loadChartAgentPanel().catch((error: unknown) => {
    loading = null;
    console.error(`kline-chart-agent: the <${NAME}> chunk failed to load`, error);
  });
}

function holdsPanel(node: Node): boolean {
  return node instanceof Element && (node.localName === NAME || node.querySelector(NAME) !== null);
}

/**
 * Defines `<chart-agent-panel>` as soon as one is in `document` (now or inserted later), so a page
 * that shows only a chart never downloads the panel. Watches with one MutationObserver that
 * disconnects once the panel is loading.
 */
export function autoloadChartAgentPanel(doc?: Document): void {
  // Importing the bundle in Node (SSR, static site builds) defines nothing and watches nothing.
  if (!doc && typeof document === 'undefined') return;
  doc ??= document;
  if (typeof customElements === 'undefined' || customElements.get(NAME) || loading) return;
  if (doc.querySelector(NAME)) return load();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!holdsPanel(node)) continue;
        observer.disconnect();
        return load();
      }
    }
  });
  observer.observe(doc, { childList: true, subtree: true });
}
