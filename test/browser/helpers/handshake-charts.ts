import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from './chart-fixture.js';
import { loadedScripts, openFrame, type FrameWindow } from './test-frame.js';

type Chart = HTMLElement & { context: { get(): { chartId: string } | null } };

/**
 * The bundle's empty page with charts of `ids` (each collecting its `kline-error`s, `attributes` on each), the
 * handshake chunk blocked (`hold`: held, until the next block-requests call) before they are made. Resolves
 * once every chart has data; `unavailable(id)` counts that chart's `agent_unavailable` errors.
 */
export async function handshakeCharts(ids: string[], hold: boolean, attributes: Record<string, string> = {}) {
  const { frame, win } = await openFrame('/test/pages/script-tag-empty.html', 'width:700px;height:700px;border:0');
  await win.customElements.whenDefined('kline-chart');
  await executeServerCommand('block-requests', { pattern: '/dist/chunks/agent-handshake-', hold });
  const errors = new Map<string, { code: string; message: string }[]>();
  const charts = ids.map((id) => {
    const chart = win.document.createElement('kline-chart') as HTMLElement as Chart;
    chart.id = id;
    for (const [name, value] of Object.entries(attributes)) chart.setAttribute(name, value);
    chart.style.cssText = 'display:block;width:600px;height:200px';
    const own: { code: string; message: string }[] = [];
    errors.set(id, own);
    chart.addEventListener('kline-error', (e) =>
      own.push((e as CustomEvent<{ code: string; message: string }>).detail),
    );
    return chart;
  });
  win.document.body.replaceChildren(...charts);
  for (const chart of charts) await waitFor(() => chart.context.get() !== null, `${chart.id} data`);
  const unavailable = (id: string) => (errors.get(id) ?? []).filter((e) => e.code === 'agent_unavailable').length;
  return { frame, win, charts, errors, unavailable };
}

/**
 * Resolves once the framed page's charts serve other windows (src/frames/serve-frame-connections.ts, a chunk)
 * and a first handshake fetch has had time to settle.
 */
export async function whenServingFrames(win: FrameWindow): Promise<void> {
  await waitFor(
    () => loadedScripts(win).some((p) => p.startsWith('chunks/serve-frame-connections-')),
    'the frames chunk',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
}
