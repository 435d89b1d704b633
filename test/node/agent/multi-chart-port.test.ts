import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChartAgentPort, ChartContext } from '../../../src/protocol/index.js';
import { createMultiChartPort } from '../../../src/agent/multi-chart-port.js';
import { describeChartChanges } from '../../../src/agent/chart-changes.js';
import { attachImages } from '../../../src/agent/attach-images.js';
import { createFakePort, sampleContext } from './fake-port.js';

function portFor(
  chartId: string,
  context: ChartContext,
): ChartAgentPort & { calls: { name: string; input: unknown }[] } {
  const base = createFakePort();
  return Object.assign(base, { chartId, context: () => ({ ...context, chartId }) });
}

test('a multi-chart port lists each tool once with a required chart enum and routes calls by it', async () => {
  const a = portFor('a', sampleContext);
  const b = portFor('b', { ...sampleContext, symbol: 'ACME', period: '1w' });
  const multi = createMultiChartPort([a, b]);
  assert.equal(multi.chartId, 'a b');
  const tools = multi.tools();
  assert.equal(new Set(tools.map((t) => t.name)).size, tools.length);
  const params = tools[0].parameters as {
    properties: Record<string, { enum?: string[]; description?: string }>;
    required: string[];
  };
  assert.deepEqual(params.properties.chart.enum, ['a', 'b']);
  assert.ok(params.required.includes('chart'));
  assert.match(params.properties.chart.description ?? '', /b = ACME 1w/);

  const name = tools[0].name;
  const ok = await multi.execute(name, { chart: 'b', x: 1 });
  assert.equal(ok.success, true);
  assert.equal(a.calls.length, 0);
  assert.deepEqual(b.calls[0].input, { x: 1 });

  const missing = await multi.execute(name, { x: 1 });
  assert.equal(missing.success, false);
  if (!missing.success) {
    assert.equal(missing.error.code, 'invalid_input');
    assert.equal(missing.error.details?.[0].path, 'chart');
  }
  const wrong = await multi.execute(name, { chart: 'zzz' });
  assert.equal(wrong.success, false);
  assert.deepEqual(
    multi.contexts().map((c) => c?.symbol),
    ['DEMO', 'ACME'],
  );
});

test('chart changes are described in words; nothing changed → nothing', () => {
  const after: ChartContext = {
    ...sampleContext,
    symbol: 'BTCUSDT',
    period: '1w',
    activeIndicators: [],
    drawingSelection: { selectedIds: [], drawings: [{ id: 'd1', kind: 'trend_line', points: [] }] },
  };
  const lines = describeChartChanges(sampleContext, after);
  assert.ok(lines.includes('symbol DEMO → BTCUSDT'));
  assert.ok(lines.includes('period 1d → 1w'));
  assert.ok(lines.includes('indicators MA(20) → none'));
  assert.ok(lines.includes('drawings 0 → 1'));
  assert.deepEqual(describeChartChanges(sampleContext, { ...sampleContext }), []);
  assert.deepEqual(
    describeChartChanges(sampleContext, after, 'left').filter((l) => !l.startsWith('left: ')),
    [],
  );
});

test('images go after the whole block of tool messages, as a user message with an image_url part', () => {
  const out = attachImages(
    [
      { role: 'system', content: 's' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'chart_capture', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'chart_get_context', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{}' },
      { role: 'tool', tool_call_id: 'c2', content: '{}' },
    ],
    new Map([['c1', 'data:image/png;base64,AAAA']]),
  );
  assert.deepEqual(
    out.map((m) => m.role),
    ['system', 'assistant', 'tool', 'tool', 'user'],
  );
  const last = out[4].content as { type: string; image_url?: { url: string } }[];
  assert.equal(last[1].type, 'image_url');
  assert.equal(last[1].image_url?.url, 'data:image/png;base64,AAAA');
});
