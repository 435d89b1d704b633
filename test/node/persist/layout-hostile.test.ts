import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LAYOUT_VERSION, parseLayout } from '../../../src/core/persist/index.js';

// A layout file edited by hand: every part the chart cannot keep is left out and named, never lost silently.

function layout(extra: Record<string, unknown>): string {
  return JSON.stringify({
    version: LAYOUT_VERSION,
    savedAt: 1,
    panes: [{ id: 'price', weight: 3 }],
    indicators: [],
    drawings: {},
    comparisons: [],
    settings: {},
    ...extra,
  });
}

const line = {
  id: 'd1',
  kind: 'horizontal_line',
  points: [{ time: 1_700_000_000_000, price: 10 }],
  paneId: 'price',
  style: {},
  locked: false,
  z: 1,
};
const marker = (i: number) => ({
  id: `m${i}`,
  time: 1_700_000_000_000 + i * 60_000,
  position: 'above',
  shape: 'circle',
  color: '#ff0000',
});
const priceLine = (i: number) => ({
  id: `p${i}`,
  price: 10 + i,
  label: '',
  color: '#2962ff',
  style: 'dashed',
  axisLabel: true,
  draggable: false,
});

test("an instrument key '__proto__' is named and left out, and the other instruments' drawings, markers and lines stay", () => {
  for (const field of ['drawings', 'markers', 'priceLines'] as const) {
    const item = field === 'drawings' ? line : field === 'markers' ? marker(1) : priceLine(1);
    // JSON.parse makes "__proto__" an own key, as a layout file read from disk would have it.
    const text = layout({}).replace(
      /}$/,
      `,"${field}":{"__proto__":[${JSON.stringify(item)}],"sample:DEMO":[${JSON.stringify(item)}]}}`,
    );
    const parsed = parseLayout(text);
    assert.equal(parsed.ok, true, field);
    if (!parsed.ok) continue;
    const kept = parsed.layout[field] as Record<string, unknown[]>;
    assert.equal(Object.getPrototypeOf(kept), Object.prototype, `${field}: an ordinary object`);
    assert.deepEqual(Object.keys(kept), ['sample:DEMO'], field);
    assert.equal(kept['sample:DEMO'].length, 1, field);
    assert.ok(
      parsed.dropped.some((d) => d.startsWith(`${field}["__proto__"]`)),
      `${field}: the left-out key is named (${JSON.stringify(parsed.dropped)})`,
    );
  }
  assert.equal(({} as { polluted?: unknown }).polluted, undefined);
});

test('markers and price lines past what an instrument holds (10,000 and 100) are left out and named', () => {
  const parsed = parseLayout(
    layout({
      markers: { 'sample:DEMO': Array.from({ length: 10_050 }, (_, i) => marker(i)) },
      priceLines: { 'sample:DEMO': Array.from({ length: 130 }, (_, i) => priceLine(i)) },
    }),
  );
  assert.equal(parsed.ok, true);
  if (!parsed.ok) return;
  const markers = parsed.layout.markers!['sample:DEMO'];
  assert.equal(markers.length, 10_000);
  // The latest are kept (the chart shows the latest bars first).
  assert.equal(markers.at(-1)!.id, 'm10049');
  assert.equal(parsed.layout.priceLines!['sample:DEMO'].length, 100);
  assert.ok(
    parsed.dropped.some((d) => /markers\["sample:DEMO"\]: 50 .*10000|10,000/.test(d)),
    JSON.stringify(parsed.dropped),
  );
  assert.ok(
    parsed.dropped.some((d) => /priceLines\["sample:DEMO"\]: 30 /.test(d)),
    JSON.stringify(parsed.dropped),
  );
});
