import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Drawing } from '../../../src/core/drawings/index.js';
import { HANDLE_SIZE, dashPattern, paintDrawings } from '../../../src/render/drawings/index.js';
import { makeDrawing, mapper, px } from './drawing-fixtures.js';

type Op = {
  op: string;
  args: unknown[];
  state: { strokeStyle: string; fillStyle: string; globalAlpha: number; lineWidth: number };
};

/** Records canvas calls and property writes; enough of CanvasRenderingContext2D for the painter. */
function recorder() {
  const ops: Op[] = [];
  const sets: [string, unknown][] = [];
  const state = {
    strokeStyle: '#000',
    fillStyle: '#000',
    globalAlpha: 1,
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    lineJoin: 'miter',
    lineCap: 'butt',
  };
  const target: Record<string, unknown> = {};
  const ctx = new Proxy(target, {
    get(_t, key: string) {
      if (key in state) return state[key as keyof typeof state];
      return (...args: unknown[]) => {
        ops.push({ op: key, args, state: { ...state } });
      };
    },
    set(_t, key: string, value) {
      (state as Record<string, unknown>)[key] = value;
      sets.push([key, value]);
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, ops, sets };
}

const theme = { text: '#111', background: '#fff', font: '12px sans-serif' };
const base = { selectedIds: new Set<string>(), pixelRatio: 2, theme };

test('lines use their colour, width and dash pattern, clipped to the plot rect', () => {
  const { ctx, ops } = recorder();
  const d = makeDrawing('trend_line', [px(100, 100), px(200, 200)], {
    style: { color: 'red', width: 2, dash: 'dashed' },
  });
  paintDrawings(ctx, [d], mapper, base);
  assert.deepEqual(ops.find((o) => o.op === 'setLineDash')?.args, [dashPattern('dashed', 2)]);
  const stroke = ops.find((o) => o.op === 'stroke')!;
  assert.equal(stroke.state.strokeStyle, 'red');
  assert.equal(stroke.state.lineWidth, 2);
  assert.deepEqual(ops.find((o) => o.op === 'rect')?.args, [0, 0, 1000, 500]);
  assert.ok(ops.findIndex((o) => o.op === 'clip') < ops.findIndex((o) => o.op === 'stroke'));
  assert.deepEqual(ops.find((o) => o.op === 'scale')?.args, [2, 2]);
  assert.equal(ops.filter((o) => o.op === 'save').length, ops.filter((o) => o.op === 'restore').length);
});

test('dash patterns: solid is empty, dotted and dashed differ', () => {
  assert.deepEqual(dashPattern('solid', 3), []);
  assert.notDeepEqual(dashPattern('dotted', 1), dashPattern('dashed', 1));
});

test('the price range box is filled at 15% opacity and its text drawn with fillText', () => {
  const { ctx, ops } = recorder();
  const d = makeDrawing(
    'price_range',
    [
      { time: px(100, 0).time, price: 50 },
      { time: px(300, 0).time, price: 60 },
    ],
    { style: { color: 'green', width: 1, dash: 'solid' } },
  );
  paintDrawings(ctx, [d], mapper, base);
  const fill = ops.find((o) => o.op === 'fillRect')!;
  assert.equal(fill.state.globalAlpha, 0.15);
  assert.equal(fill.state.fillStyle, 'green');
  const text = ops.find((o) => o.op === 'fillText')!;
  assert.equal(text.args[0], 'Δ +10.00 (+20.00%)');
  assert.equal(text.state.globalAlpha, 1);
  assert.equal(text.state.fillStyle, theme.text);
});

test('text drawings and labels are drawn with fillText; fib draws seven level labels', () => {
  const { ctx, ops } = recorder();
  paintDrawings(
    ctx,
    [
      makeDrawing('text', [px(100, 100)], { id: 't', label: '<b>not html</b>' }),
      makeDrawing('fib_retracement', [px(100, 400), px(500, 100)], { id: 'f' }),
    ],
    mapper,
    base,
  );
  const texts = ops.filter((o) => o.op === 'fillText').map((o) => o.args[0]);
  assert.equal(texts[0], '<b>not html</b>');
  assert.equal(texts.filter((t) => /^(0|0\.236|0\.382|0\.5|0\.618|0\.786|1) \(/.test(String(t))).length, 7);
});

test('only selected and hovered drawings get square anchor handles', () => {
  const a = makeDrawing('trend_line', [px(100, 100), px(200, 200)], { id: 'a' });
  const b = makeDrawing('trend_line', [px(300, 100), px(400, 200)], { id: 'b' });
  const c = makeDrawing('horizontal_line', [px(300, 300)], { id: 'c' });
  const { ctx, ops } = recorder();
  paintDrawings(ctx, [a, b, c], mapper, { ...base, selectedIds: new Set(['a']), hoverId: 'c' });
  const handles = ops.filter((o) => o.op === 'strokeRect');
  assert.equal(handles.length, 3);
  assert.deepEqual(handles[0].args, [100 - HANDLE_SIZE / 2, 100 - HANDLE_SIZE / 2, HANDLE_SIZE, HANDLE_SIZE]);
});

test('state is batched: drawings sharing a style set it once', () => {
  const style = { color: 'blue', width: 1, dash: 'solid' as const };
  const ds: Drawing[] = [1, 2, 3].map((i) => makeDrawing('horizontal_line', [px(0, i * 100)], { id: `h${i}`, style }));
  const { ctx, sets } = recorder();
  paintDrawings(ctx, ds, mapper, base);
  assert.equal(sets.filter(([k]) => k === 'strokeStyle').length, 1);
  assert.equal(sets.filter(([k]) => k === 'lineWidth').length, 1);
});

test('a preview replaces the drawing with the same id and is drawn in z order', () => {
  const orig = makeDrawing('horizontal_line', [px(0, 100)], { id: 'm', z: 1 });
  const top = makeDrawing('horizontal_line', [px(0, 300)], {
    id: 'top',
    z: 5,
    style: { color: 'black', width: 1, dash: 'solid' },
  });
  const moved = { ...orig, points: [px(0, 200)] };
  const { ctx, ops } = recorder();
  paintDrawings(ctx, [top, orig], mapper, { ...base, preview: moved });
  const ys = ops.filter((o) => o.op === 'moveTo').map((o) => o.args[1]);
  assert.deepEqual(ys, [200, 300], 'moved copy first (z 1), then z 5; the original y=100 is not drawn');
});
