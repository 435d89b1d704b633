import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import {
  BUILTIN_INDICATORS,
  IndicatorRegistry,
  createDefaultIndicatorRegistry,
  defineIndicator,
  formatIndicatorLabel,
  makeStepper,
  parseIndicatorList,
  periodParam,
  resolveParams,
} from '../../../src/core/indicators/index.js';
import { closesToColumns } from './fixtures.js';

const custom = defineIndicator({
  id: 'Double',
  name: 'Doubled close',
  category: 'other',
  params: Type.Object({ factor: periodParam(2, 'Multiplier', 1, 10) }),
  paramOrder: ['factor'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [{ key: 'value', label: 'X2', style: 'line' }],
  stepper: (p) =>
    makeStepper([], (c, i, out) => {
      out[0][i] = c.close[i] * p.factor;
    }),
});

test('the default registry holds every built-in and finds ids in any case', () => {
  const reg = createDefaultIndicatorRegistry();
  assert.equal(reg.list().length, BUILTIN_INDICATORS.length);
  assert.equal(reg.get('macd')?.id, 'MACD');
  assert.equal(reg.get('StochRsi')?.id, 'STOCHRSI');
  assert.equal(reg.get('nope'), undefined);
});

test('a host registers its own definition, duplicates are rejected, unregister removes it', () => {
  const reg = createDefaultIndicatorRegistry();
  const off = reg.register(custom);
  assert.equal(reg.get('DOUBLE'), reg.get('double'));
  assert.deepEqual(Array.from(reg.get('double')!.compute(closesToColumns([1, 2]), { factor: 3 }).value), [3, 6]);
  assert.throws(() => reg.register(custom), /already registered/);
  assert.throws(() => reg.register({ ...custom, id: 'ma' }), /already registered/);
  assert.throws(() => reg.register({ ...custom, id: 'bad id' }), /must match/);
  off();
  assert.equal(reg.get('double'), undefined);
  const again = reg.register(custom);
  again();
  const fresh = new IndicatorRegistry();
  assert.equal(fresh.list().length, 0);
});

test('registration refuses params without defaults and unknown paramOrder names', () => {
  const reg = new IndicatorRegistry();
  const noDefault = { ...custom, id: 'ND', params: Type.Object({ factor: Type.Integer({ minimum: 1, maximum: 3 }) }) };
  assert.throws(() => reg.register(noDefault), /no default/);
  assert.throws(() => reg.register({ ...custom, id: 'PO', paramOrder: ['nope' as 'factor'] }), /unknown param/);
});

test('parseIndicatorList reads MA(5,20),VOL,MACD(12,26,9)', () => {
  const r = parseIndicatorList('MA(5,20),VOL,MACD(12,26,9)');
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.items, [
    { definitionId: 'MA', params: { periods: [5, 20] } },
    { definitionId: 'VOL', params: { periods: [5, 10] } },
    { definitionId: 'MACD', params: { fast: 12, slow: 26, signal: 9 } },
  ]);
});

test('parseIndicatorList: partial positions keep defaults, names work, case-insensitive, spaces allowed', () => {
  const r = parseIndicatorList(' macd(5) , boll( 20 , 2.5 ), rsi(period=7), KDJ, PPO(12,26,EMA)');
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.items[0], { definitionId: 'MACD', params: { fast: 5, slow: 26, signal: 9 } });
  assert.deepEqual(r.items[1], { definitionId: 'BOLL', params: { period: 20, multiplier: 2.5 } });
  assert.deepEqual(r.items[2], { definitionId: 'RSI', params: { period: 7 } });
  assert.deepEqual(r.items[3], { definitionId: 'KDJ', params: { period: 9, kSmooth: 3, dSmooth: 3 } });
  assert.equal(r.items[4].params.maType, 'EMA');
});

test('parseIndicatorList: name=[] empties an array param (volume without its averages), and a scalar refuses it', () => {
  const r = parseIndicatorList('VOL(periods=[]),MA(periods=[]),RSI(period=[])');
  assert.deepEqual(r.items[0], { definitionId: 'VOL', params: { periods: [] } });
  assert.equal(r.items.length, 1, 'MA needs at least one period and RSI a number');
  assert.deepEqual(
    r.errors.map((e) => e.text),
    ['MA(periods=[])', 'RSI(period=[])'],
  );
});

test('parseIndicatorList reports unknown ids, bad bounds and extra values without dropping good items', () => {
  const r = parseIndicatorList('FOO(3),RSI(0),MACD(1,2,3,4),MA(5,x),EMA(10),BOLL((2)');
  assert.deepEqual(
    r.items.map((i) => i.definitionId),
    ['EMA'],
  );
  const byText = Object.fromEntries(r.errors.map((e) => [e.text, e.reason]));
  assert.match(byText['FOO(3)'], /unknown indicator/);
  assert.match(byText['RSI(0)'], /^period: .*2/);
  assert.match(byText['MACD(1,2,3,4)'], /too many values/);
  assert.match(byText['MA(5,x)'], /periods\[1\]/);
  assert.ok(byText['BOLL((2)']);
  assert.deepEqual(parseIndicatorList(''), { items: [], errors: [] });
});

test('resolveParams fills defaults, validates bounds and types, refuses unknown keys without echoing them', () => {
  const macd = createDefaultIndicatorRegistry().get('MACD')!;
  assert.deepEqual(resolveParams(macd, { fast: 5 }), { ok: true, params: { fast: 5, slow: 26, signal: 9 } });
  assert.deepEqual(resolveParams(macd, undefined), { ok: true, params: { fast: 12, slow: 26, signal: 9 } });
  const bad = resolveParams(macd, { fast: 0, slow: 'x' });
  assert.equal(bad.ok, false);
  if (!bad.ok) {
    assert.deepEqual(bad.errors.map((e) => e.path).sort(), ['fast', 'slow']);
  }
  const unknown = resolveParams(macd, { secretKey: 1 });
  assert.equal(unknown.ok, false);
  if (!unknown.ok) {
    assert.equal(unknown.errors[0].path, '');
    assert.ok(!unknown.errors[0].reason.includes('secretKey'));
  }
  assert.equal(resolveParams(macd, [1, 2]).ok, false);
  // Defaults are copied, never shared between instances.
  const ma = createDefaultIndicatorRegistry().get('MA')!;
  const a = resolveParams(ma, {});
  const b = resolveParams(ma, {});
  assert.ok(a.ok && b.ok && a.params.periods !== b.params.periods);
  const tooMany = resolveParams(ma, { periods: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
  assert.equal(tooMany.ok, false);
});

test('formatIndicatorLabel writes the short notation back', () => {
  const reg = createDefaultIndicatorRegistry();
  assert.equal(formatIndicatorLabel(reg.get('MACD')!, { fast: 12, slow: 26, signal: 9 }), 'MACD(12,26,9)');
  assert.equal(formatIndicatorLabel(reg.get('MA')!, { periods: [5, 20] }), 'MA(5,20)');
  assert.equal(formatIndicatorLabel(reg.get('BOLL')!, { period: 20, multiplier: 2 }), 'BOLL(20,2)');
  assert.equal(formatIndicatorLabel(reg.get('OBV')!, {}), 'OBV');
  assert.equal(formatIndicatorLabel(reg.get('SAR')!, { acceleration: 0.02, maximum: 0.2 }), 'SAR(0.02,0.2)');
  // Round trip through the parser.
  for (const text of ['MA(5,20)', 'MACD(12,26,9)', 'BOLL(20,2.5)', 'VOL(5,10)', 'OBV']) {
    const { items } = parseIndicatorList(text);
    assert.equal(formatIndicatorLabel(reg.get(items[0].definitionId)!, items[0].params), text);
  }
});
