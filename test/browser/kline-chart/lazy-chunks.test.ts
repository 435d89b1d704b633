import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { Type } from '@sinclair/typebox';
import { waitFor } from '../helpers/chart-fixture.js';
import { loadedScripts, openFrame as openPage } from '../helpers/test-frame.js';
import { BUILTIN_INDICATOR_IDS } from '../../../src/core/indicators/index.js';

type Chart = HTMLElement & {
  context: { get(): unknown };
  whenPainted(): Promise<void>;
  tools: {
    execute(
      name: string,
      input: unknown,
      options?: { origin?: string; runId?: string },
    ): Promise<{
      success: boolean;
      data?: unknown;
      error?: { code?: string; message?: string; details?: { path: string; reason: string }[] };
    }>;
    register(definition: unknown): () => void;
  };
};

/**
 * Chunks of code a chart-only page must not fetch before it is used (rollup.config.js names them by folder),
 * each name then its 8-character hash: TypeBox's `check` is not the bars' `check-bar`, which the sample data's loading uses.
 */
const ON_DEMAND =
  /^chunks\/(chart-agent-panel|agent-parts|openai|command-palette|settings-dialog|schema-form|indicator-settings|settings-popover|errors|typebox-value|check|default|revert-run|host-data-ops|load-older|comparison-data|binance-source|url-source|drawing-editor|marker-ops|overlay-layer-parts|chart-data-table|auto-scale-button|latest-button-view|pane-extras|paint-decimated|builtin-study-loaders|stepped-updater)-[\w-]{8}\.js$/;
/** A built-in study's own chunk (`chunks/rsi-<hash>.js`). */
const STUDY_CHUNK = new RegExp(
  `^chunks/(${BUILTIN_INDICATOR_IDS.map((id) => id.toLowerCase()).join('|')})-[\\w-]+\\.js$`,
);
type Panel = HTMLElement & {
  connected: boolean;
  sessionId: string;
  canSend: boolean;
  send(text: string): Promise<string>;
};

async function scriptReply(mockUrl: string, text: string): Promise<string> {
  const root = mockUrl.replace(/\/v1$/, '');
  await fetch(`${root}/__mock/reset`, { method: 'POST' });
  await fetch(`${root}/__mock/script`, { method: 'POST', body: JSON.stringify([{ text }]) });
  return root;
}

async function firstUserMessage(root: string): Promise<string> {
  const requests = (await (await fetch(`${root}/__mock/requests`)).json()) as {
    body?: { messages?: { role: string; content: unknown }[] };
  }[];
  const user = requests[0]?.body?.messages?.find((m) => m.role === 'user');
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? null);
}

describe('the built bundle loads what a page uses, from beside itself', function () {
  this.timeout(60000);

  it('a chart-only page paints without fetching the panel; a panel added later loads its chunk and talks to the model', async () => {
    // script-tag.html with connect-src also allowing the mock model.
    const { frame, win, violations } = await openPage('/test/pages/script-tag-model.html');
    const chart = win.document.querySelector('kline-chart') as Chart;
    await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
    await chart.whenPainted();
    const before = loadedScripts(win);
    expect(before).to.include('kline-chart.js');
    // No panel, dialog, palette, form, error wording, other data source or study code (VOL, the
    // default study, is in the bundle itself).
    expect(before.filter((p) => ON_DEMAND.test(p) || STUDY_CHUNK.test(p))).to.deep.equal([]);
    expect(win.customElements.get('chart-agent-panel')).to.equal(undefined);
    expect(win.customElements.get('kline-command-palette')).to.equal(undefined);

    // A study added through the tool loads its chunk (and only its own), then paints its pane.
    const added = await chart.tools.execute('indicators_add', { definitionId: 'RSI' });
    expect(added.success).to.equal(true);
    await chart.whenPainted();
    expect(chart.shadowRoot!.querySelectorAll('.pane').length).to.equal(3);
    expect(loadedScripts(win).filter((p) => STUDY_CHUNK.test(p))).to.satisfy(
      (files: string[]) => files.length > 0 && files.every((f) => /^chunks\/rsi-/.test(f)),
    );

    // The markers_* tools' bodies are a chunk too: the first marker call loads it, then the marker is there.
    const time = (chart.context.get() as { dataRange: { to: number } }).dataRange.to;
    const marked = await chart.tools.execute('markers_create', {
      markers: [{ time, position: 'above', shape: 'arrow' }],
    });
    expect(marked.success, JSON.stringify(marked)).to.equal(true);
    expect(loadedScripts(win).some((p) => /^chunks\/marker-ops-[\w-]+\.js$/.test(p))).to.equal(true);
    // The marker painter (with the price-line drag and the primitives' scales) is a chunk of its own,
    // loaded when the chart first has a marker and in by the next paint.
    await chart.whenPainted();
    expect(loadedScripts(win).some((p) => /^chunks\/overlay-layer-parts-[\w-]+\.js$/.test(p))).to.equal(true);
    const listed = await chart.tools.execute('markers_list', {});
    expect((listed.data as { total: number }).total).to.equal(1);

    const mockUrl = String(await executeServerCommand('mock-model-url'));
    const root = await scriptReply(mockUrl, 'Lazy hello.');
    chart.id = 'c1';
    const panel = win.document.createElement('chart-agent-panel') as Panel;
    panel.setAttribute('for', 'c1');
    panel.setAttribute('session-store', 'memory');
    panel.setAttribute('base-url', mockUrl);
    win.document.body.append(panel);
    await waitFor(() => !!win.customElements.get('chart-agent-panel'), 'panel definition', 20000);
    await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel ready', 20000);
    expect(loadedScripts(win).some((p) => /^chunks\/chart-agent-panel-[\w-]+\.js$/.test(p))).to.equal(true);
    expect(await panel.send('first message')).to.equal('completed');
    expect(await firstUserMessage(root)).to.contain('first message');
    expect(panel.shadowRoot!.textContent).to.contain('Lazy hello.');
    expect(violations).to.deep.equal([]);
    frame.remove();
  });

  it('a page with a panel in its markup defines it and sends under a strict CSP', async () => {
    const mockUrl = String(await executeServerCommand('mock-model-url'));
    const root = await scriptReply(mockUrl, 'Markup hello.');
    const { frame, win, violations } = await openPage('/test/pages/script-tag-panel.html');
    const panel = win.document.querySelector('chart-agent-panel') as Panel;
    panel.setAttribute('base-url', mockUrl);
    await waitFor(() => !!win.customElements.get('chart-agent-panel'), 'panel definition', 20000);
    await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel ready', 20000);
    expect(await panel.send('hello from markup')).to.equal('completed');
    expect(await firstUserMessage(root)).to.contain('hello from markup');
    expect(loadedScripts(win).some((p) => /^chunks\/openai-[\w-]+\.js$/.test(p))).to.equal(true);
    expect(violations).to.deep.equal([]);
    frame.remove();
  });

  it('a wrong tool input is refused field by field, and an earlier run is undone, each loading its chunk on first use', async () => {
    const { frame, win, violations } = await openPage('/test/pages/script-tag.html');
    const chart = win.document.querySelector('kline-chart') as Chart;
    await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
    await chart.whenPainted();
    expect(loadedScripts(win).filter((p) => /^chunks\/(errors|revert-run)-/.test(p))).to.deep.equal([]);

    const wrong = await chart.tools.execute('chart_set_period', { period: 'fortnight' });
    expect(wrong.success).to.equal(false);
    expect(wrong.error?.details?.map((d) => d.path)).to.include('period');
    expect(loadedScripts(win).some((p) => /^chunks\/errors-/.test(p))).to.equal(true);

    const added = await chart.tools.execute(
      'indicators_add',
      { definitionId: 'RSI' },
      { origin: 'agent', runId: 'run_a' },
    );
    expect(added.success).to.equal(true);
    await chart.whenPainted();
    expect(chart.shadowRoot!.querySelectorAll('.pane').length).to.equal(3);
    const undone = await chart.tools.execute('history_undo_run', {}, { origin: 'agent', runId: 'run_b' });
    expect(undone.success).to.equal(true);
    await chart.whenPainted();
    expect(chart.shadowRoot!.querySelectorAll('.pane').length).to.equal(2);
    expect(loadedScripts(win).some((p) => /^chunks\/revert-run-/.test(p))).to.equal(true);
    expect(violations).to.deep.equal([]);
    frame.remove();
  });

  it("a host tool whose schema goes beyond the compiled shapes loads TypeBox's value code on first use, under a strict CSP", async () => {
    const { frame, win, violations } = await openPage('/test/pages/script-tag.html');
    const chart = win.document.querySelector('kline-chart') as Chart;
    await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
    const typeBoxValue = () => loadedScripts(win).filter((p) => /^chunks\/typebox-value-/.test(p));
    // Built-in tools, with defaults and wrong input alike, are checked by the compiled closures.
    expect((await chart.tools.execute('market_bars_query', {})).success).to.equal(true);
    expect((await chart.tools.execute('settings_update', { values: { locale: 'not a tag!' } })).success).to.equal(
      false,
    );
    expect(typeBoxValue()).to.deep.equal([]);

    const seen: unknown[] = [];
    const parameters = Type.Intersect([
      Type.Object({ a: Type.String() }),
      Type.Object({ b: Type.Integer({ default: 2 }) }),
    ]);
    chart.tools.register({
      name: 'host_intersect',
      label: 'Intersect',
      description: 'A tool with an intersected schema.',
      parameters,
      safety: 'read-only',
      examples: [{ description: 'wrong', input: { a: 1, b: 1 } }],
      execute: (input: unknown) => seen.push(input),
    });
    const refused = await chart.tools.execute('host_intersect', { a: 'x' });
    expect(refused.success).to.equal(false);
    expect(refused.error?.code).to.equal('internal');
    expect(refused.error?.message).to.contain("Example 0 of tool 'host_intersect' does not match");
    expect(seen).to.deep.equal([]);
    expect(typeBoxValue().length).to.equal(1);

    chart.tools.register({
      name: 'host_intersect_ok',
      label: 'Intersect',
      description: 'A tool with an intersected schema.',
      parameters,
      safety: 'read-only',
      execute: (input: unknown) => seen.push(input),
    });
    expect((await chart.tools.execute('host_intersect_ok', { a: 'x' })).success).to.equal(true);
    expect(seen).to.deep.equal([{ a: 'x', b: 2 }]);
    const wrong = await chart.tools.execute('host_intersect_ok', { a: 1 });
    expect(wrong.error?.code).to.equal('invalid_input');
    expect(wrong.error?.details?.map((d) => d.path)).to.include('a');
    expect(violations).to.deep.equal([]);
    frame.remove();
  });

  it('the data table and the price-line drag load their chunks when first used, and work', async () => {
    const { frame, win, violations } = await openPage('/test/pages/script-tag.html');
    const chart = win.document.querySelector('kline-chart') as Chart & {
      toggleDataTable(show?: boolean): void;
      updateComplete: Promise<boolean>;
    };
    await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
    await chart.whenPainted();
    const fetched = (name: string) =>
      loadedScripts(win).some((p) => new RegExp(`^chunks/${name}-[\\w-]+\\.js$`).test(p));
    expect(fetched('chart-data-table'), 'data table before it is shown').to.equal(false);
    expect(fetched('overlay-layer-parts'), 'overlay parts before a price line').to.equal(false);

    chart.toggleDataTable(true);
    await chart.updateComplete;
    expect(fetched('chart-data-table')).to.equal(true);
    const table = chart.shadowRoot!.querySelector('table[part="data-table"]');
    expect(table?.querySelectorAll('tbody tr').length).to.be.greaterThan(0);
    // Its rules came with it: the table covers the panes, its header row stays in view.
    const box = table!.closest<HTMLElement>('.data-table')!;
    expect(win.getComputedStyle(box).position, 'the table over the panes').to.equal('absolute');
    expect(win.getComputedStyle(table!.querySelector('thead th')!).position).to.equal('sticky');

    // A price line without drag is painted by the entry; a draggable one loads the drag.
    const fixed = await chart.tools.execute('price_lines_create', { price: 100, draggable: false });
    expect(fixed.success, JSON.stringify(fixed)).to.equal(true);
    await chart.whenPainted();
    expect(fetched('overlay-layer-parts'), 'a fixed price line').to.equal(false);
    const line = await chart.tools.execute('price_lines_create', { price: 101, draggable: true });
    expect(line.success, JSON.stringify(line)).to.equal(true);
    await chart.whenPainted();
    expect(fetched('overlay-layer-parts'), 'a draggable price line').to.equal(true);
    expect(violations).to.deep.equal([]);
    frame.remove();
  });

  it('the command palette loads on first open and lists the chart tools', async () => {
    const { frame, win, violations } = await openPage('/test/pages/script-tag.html');
    const chart = win.document.querySelector('kline-chart') as Chart & { openCommandPalette(): Promise<void> };
    await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
    expect(win.customElements.get('kline-command-palette')).to.equal(undefined);
    await chart.openCommandPalette();
    const palette = chart.shadowRoot!.querySelector('kline-command-palette')!;
    expect(win.customElements.get('kline-command-palette')).to.not.equal(undefined);
    await waitFor(
      () =>
        (palette.shadowRoot?.textContent ?? '').includes('indicators_add') ||
        (palette.shadowRoot?.textContent ?? '').toLowerCase().includes('indicator'),
      'palette items',
      20000,
    );
    expect(violations).to.deep.equal([]);
    frame.remove();
  });
});
