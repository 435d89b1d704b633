import { expect } from '@open-wc/testing';
import { Type } from '@sinclair/typebox';
import { waitFor } from '../helpers/chart-fixture.js';
import { openChartFrame } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): unknown };
  whenPainted(): Promise<void>;
  tools: {
    ready(): Promise<void>;
    list(): { name: string; kind: string }[];
    execute(name: string, input: unknown): Promise<{ success: boolean; data?: unknown }>;
    register(definition: unknown): () => void;
  };
};

// In the bundle, binding the `@tool` methods to a chart's registry comes with the built-in tools' chunk
// (src/core/tools/bind-tool-hosts.ts, lazy-tool-binder.ts; issue #12). Every chart on the page, the ones
// made after that chunk arrived included, lists the built-in tools, then its host's, and runs them.

describe('the built-in tools of every chart on a bundle page', function () {
  this.timeout(60000);

  it('a chart made after the tools chunk loaded lists and runs the same tools, its host tool after them', async () => {
    const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:900px;border:0');
    const first = win.document.querySelector('kline-chart') as Chart;
    await first.tools.ready();
    const builtin = first.tools.list().map((t) => t.name);
    expect(builtin).to.include.members(['chart_set_period', 'indicators_add', 'drawing_create']);
    expect(first.tools.list().every((t) => t.kind === 'builtin')).to.equal(true);

    const second = win.document.createElement('kline-chart') as Chart;
    second.style.cssText = 'display:block;width:640px;height:360px';
    win.document.body.append(second);
    await waitFor(() => second.context.get() !== null, 'the second chart data', 20000);
    second.tools.register({
      name: 'acme_ping',
      label: 'Ping',
      description: 'pings',
      parameters: Type.Object({}, { additionalProperties: false }),
      safety: 'read-only',
      execute: () => 'pong',
    });
    await second.tools.ready();
    expect(second.tools.list().map((t) => t.name)).to.deep.equal([...builtin, 'acme_ping']);
    const added = await second.tools.execute('indicators_add', { definitionId: 'MACD' });
    expect(added.success, JSON.stringify(added)).to.equal(true);
    expect((await second.tools.execute('acme_ping', {})).success).to.equal(true);
    frame.remove();
  });
});
