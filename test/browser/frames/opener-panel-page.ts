// The popup of the opener tests (test/browser/security/opener-origin.test.ts): a panel for the chart of the
// window that opened it, `chart-origin` from the query string, reporting each connection change, and any
// console error, to that window so the test can see what the panel did. The opener's `{ removePanel: true }`
// takes the panel out (reported as `removed`): a test ends it before closing the popup, since a closing
// window still runs a while and its panel, seeing the chart go, would ask the next test's chart.
import '../../../components/chart-agent-panel/define.js';

const params = new URLSearchParams(location.search);
const report = (message: Record<string, unknown>) =>
  (window.opener as Window | null)?.postMessage({ openerPanel: true, ...message }, '*');
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  report({ error: args.map(String).join(' ') });
  consoleError(...args);
};
const panel = document.createElement('chart-agent-panel');
panel.setAttribute('for', 'window:opener');
const origin = params.get('chart-origin');
if (origin !== null) panel.setAttribute('chart-origin', origin);
panel.setAttribute('session-store', 'memory');
panel.setAttribute('base-url', params.get('base-url') ?? 'http://127.0.0.1:9/v1');
panel.style.cssText = 'display:block;width:360px;height:400px';
panel.addEventListener('agent-connection-change', (event) => {
  report({ connected: event.detail.connected, chartId: event.detail.chartId });
});
document.body.append(panel);
window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window.opener || (event.data as { removePanel?: unknown } | null)?.removePanel !== true) return;
  panel.remove();
  report({ removed: true });
});
report({ loaded: true });
