import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TSchema } from '@sinclair/typebox';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { ChartState } from '../../../src/core/state/index.js';
import { createPrng, type Prng } from '../../../src/core/data/prng.js';
import type { ToolExecuteOptions } from '../../../src/core/tools/index.js';
import type { ToolResult } from '../../../src/protocol/index.js';

/**
 * Seeded fuzz of every tool a chart core registers: random JSON shapes, wrong types, huge, NaN and
 * negative numbers, deep nesting, `__proto__` keys and long strings, some of them close to the schema
 * so that the tools' own code runs too. The same seed gives the same inputs on every run.
 */
const SEED = 0x5eed_2026;
const INPUTS_PER_TOOL = 220;
const CODES = new Set([
  'invalid_input',
  'unknown_tool',
  'not_allowed',
  'not_found',
  'out_of_range',
  'no_data',
  'ambiguous',
  'stale_binding',
  'aborted',
  'internal',
]);
const XSS = '<img src=x onerror="globalThis.__xss=1">';
const STRINGS = [
  '',
  ' ',
  'DEMO',
  'demo',
  '1d',
  '1m',
  '1M',
  'MA',
  'VOL',
  'price',
  'trend_line',
  'horizontal_line',
  'text',
  'theme',
  'dark',
  '2024-01-02',
  '2024-01-02 10:30',
  '1970-01-01',
  '9999-12-31',
  'not a date',
  '__proto__',
  'constructor',
  'prototype',
  XSS,
  'x'.repeat(5000),
  '\u0000\uffff\ud800',
  '${alert(1)}',
  '../../etc/passwd',
  '*',
  'indicators_*',
  '-1',
  'NaN',
  'Infinity',
];
const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  2,
  3,
  5,
  20,
  1000,
  2001,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  NaN,
  Infinity,
  -Infinity,
  1.7e12,
  Date.UTC(2024, 0, 2),
];

/** Plausible values for common field names, so that many calls pass validation and reach the tool. */
const GOOD_STRINGS: Record<string, readonly string[]> = {
  symbol: ['DEMO', 'demo', 'NOPE', 'DEMO2'],
  query: ['DEMO', 'de', 'zzz'],
  definitionId: ['MA', 'VOL', 'MACD', 'RSI', 'BOLL', 'NOPE'],
  instanceId: ['ma-1', 'vol-1', 'x'],
  id: ['d1', 'drawing-1', 'x'],
  paneId: ['price', 'pane-1', 'x'],
  label: ['label', XSS],
  time: ['2024-01-02', '2023-06-01 10:30', 'yesterday'],
  from: ['2023-01-02', '2024-01-02'],
  to: ['2024-06-01', '2023-01-01'],
};

function pick<T>(prng: Prng, items: readonly T[]): T {
  return items[Math.floor(prng.next() * items.length)];
}

/** Any JSON-ish value (plus the non-JSON numbers NaN and ±Infinity). */
function randomValue(prng: Prng, depth: number): unknown {
  const r = prng.next();
  if (depth > 3 || r < 0.25) return pick(prng, NUMBERS);
  if (r < 0.5) return pick(prng, STRINGS);
  if (r < 0.58) return pick(prng, [null, true, false, undefined]);
  if (r < 0.78) return Array.from({ length: Math.floor(prng.next() * 4) }, () => randomValue(prng, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(prng.next() * 4); i > 0; i--)
    out[pick(prng, ['a', 'time', 'price', 'id', 'label', 'period', 'x'])] = randomValue(prng, depth + 1);
  return out;
}

/** A value shaped like `schema` most of the time, with a wrong type, bound or extra key now and then. */
function fromSchema(prng: Prng, schema: TSchema, depth: number, junk = 0.12, key = ''): unknown {
  if (prng.next() < junk || depth > 6) return randomValue(prng, depth);
  const s = schema as TSchema & {
    anyOf?: TSchema[];
    enum?: unknown[];
    const?: unknown;
    type?: string;
    properties?: Record<string, TSchema>;
    required?: string[];
    items?: TSchema;
    minimum?: number;
    maximum?: number;
    minItems?: number;
    maxItems?: number;
    maxLength?: number;
  };
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return pick(prng, s.enum);
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0) return fromSchema(prng, pick(prng, s.anyOf), depth + 1, junk, key);
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(key) || prng.next() < 0.6) out[key] = fromSchema(prng, child, depth + 1, junk, key);
      }
      if (prng.next() < 0.05) out.extra = randomValue(prng, depth + 1);
      return out;
    }
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? 6, min + 6);
      const n = min + Math.floor(prng.next() * (max - min + 1));
      return Array.from({ length: n }, () =>
        s.items ? fromSchema(prng, s.items, depth + 1, junk, key) : randomValue(prng, depth + 1),
      );
    }
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? -1000;
      const hi = s.maximum ?? 1000;
      const r = prng.next();
      if (r < junk) return pick(prng, NUMBERS);
      if (key === 'time' || key === 'from' || key === 'to')
        return Date.UTC(2023, 0, 1) + Math.floor(prng.next() * 700) * 86_400_000;
      if (key === 'price') return 50 + prng.next() * 100;
      const value = lo + prng.next() * (Math.min(hi, lo + 1e13) - lo);
      return s.type === 'integer' ? Math.round(value) : value;
    }
    case 'string': {
      const near = GOOD_STRINGS[key];
      if (near && prng.next() > junk) return pick(prng, near);
      return prng.next() < 0.7 ? pick(prng, STRINGS).slice(0, s.maxLength ?? 5000) : pick(prng, STRINGS);
    }
    case 'boolean':
      return prng.next() < 0.5;
    default:
      return randomValue(prng, depth);
  }
}

/** Adversarial shapes that every tool must refuse or survive. */
function hostileInput(prng: Prng, i: number, schema: TSchema): unknown {
  switch (i % 10) {
    case 0: {
      const base = fromSchema(prng, schema, 0);
      const text = JSON.stringify(base ?? {}) ?? '{}';
      // An own `__proto__` key, as JSON.parse makes it, at the top or one level down.
      return JSON.parse(
        text.startsWith('{') && text !== '{}'
          ? `{"__proto__":{"polluted":true},${text.slice(1)}`
          : '{"__proto__":{"polluted":true}}',
      );
    }
    case 1:
      return JSON.parse('{"a":{"constructor":{"prototype":{"polluted":true}}}}');
    case 2: {
      let deep: unknown = pick(prng, NUMBERS);
      for (let d = 0; d < 70 + Math.floor(prng.next() * 100); d++) deep = prng.next() < 0.5 ? [deep] : { a: deep };
      return deep;
    }
    case 3:
      return {
        [pick(prng, ['symbol', 'query', 'label', 'period'])]: 'y'.repeat(100_000 + Math.floor(prng.next() * 1000)),
      };
    case 4:
      return pick(prng, [null, 0, -1, NaN, 'string', true, [], [1, 2, 3]]);
    case 5: {
      const shaped = fromSchema(prng, schema, 0);
      const o = (shaped && typeof shaped === 'object' && !Array.isArray(shaped) ? shaped : { value: shaped }) as Record<
        string,
        unknown
      >;
      return Object.assign(o, { self: o });
    }
    case 6:
      return {
        get symbol(): string {
          throw new Error('getter');
        },
        period: '1d',
      };
    case 7:
      return fromSchema(prng, schema, 0, 0.12);
    default:
      return fromSchema(prng, schema, 0, 0.02);
  }
}

function snapshot(core: ChartCore): { series: unknown; rest: string; history: string } {
  const {
    series: _s,
    loading: _l,
    ...rest
  } = Object.fromEntries(
    (Object.keys(core.store.state) as (keyof ChartState)[]).map((k) => [k, core.store.peek(k)]),
  ) as Record<string, unknown>;
  const h = core.store.history;
  return {
    series: core.store.peek('series'),
    rest: JSON.stringify(rest),
    history: `${h.canUndo}|${h.undoLabel}|${h.canRedo}|${h.redoLabel}`,
  };
}

function assertWellFormed(name: string, result: ToolResult): void {
  const where = `${name}: ${JSON.stringify(result)?.slice(0, 300)}`;
  assert.equal(typeof result, 'object', where);
  assert.equal(typeof result.success, 'boolean', where);
  assert.equal(typeof result.stateChanged, 'boolean', where);
  assert.doesNotThrow(() => JSON.stringify(result), where);
  if (result.success) {
    assert.ok('data' in result, where);
    if (result.text !== undefined) assert.equal(typeof result.text, 'string', where);
    return;
  }
  assert.equal(result.stateChanged, false, where);
  assert.ok(CODES.has(result.error.code), where);
  assert.equal(typeof result.error.message, 'string', where);
  assert.equal(typeof result.error.retryable, 'boolean', where);
  if (result.error.details !== undefined) {
    assert.ok(Array.isArray(result.error.details) && result.error.details.length <= 5, where);
    for (const d of result.error.details) assert.ok(typeof d.path === 'string' && typeof d.reason === 'string', where);
  }
}

const prototypeKeys = (): string =>
  [Object.prototype, Array.prototype, Function.prototype]
    .map((p) => Object.getOwnPropertyNames(p).sort().join(','))
    .join('|');

test(`every registered tool survives ${INPUTS_PER_TOOL} seeded hostile inputs without throwing or changing state when it refuses`, async () => {
  const pristine = prototypeKeys();
  const prng = createPrng(SEED);
  const probe = new ChartCore({ chartId: 'fuzz' });
  await probe.tools.ready(); // every built-in tool listed (their module loads on first use)
  const tools = probe.tools.list();
  assert.ok(tools.length >= 27, `expected the whole catalog, got ${tools.length}`);
  let total = 0;
  const outcomes = new Map<string, number>();
  for (const entry of tools) {
    const core = new ChartCore({ chartId: 'fuzz' });
    await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
    for (let i = 0; i < INPUTS_PER_TOOL; i++) {
      const input = hostileInput(prng, i, entry.parameters);
      const options: ToolExecuteOptions = {
        origin: pick(prng, ['agent', 'user'] as const),
        ...(prng.next() < 0.1 ? { readOnly: true } : {}),
      };
      const before = snapshot(core);
      let result: ToolResult;
      try {
        result = await core.tools.execute(entry.name, input, options);
      } catch (error) {
        assert.fail(`${entry.name} #${i} threw: ${String(error)}`);
      }
      total++;
      assertWellFormed(`${entry.name} #${i}`, result);
      const key = `${entry.name}:${result.success ? 'ok' : result.error.code}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      if (i % 10 <= 2 || i % 10 === 5 || i % 10 === 6) {
        // Proto keys, over-deep nesting, cycles and throwing getters are refused before the tool runs
        // (a read-only run refuses a mutating tool even earlier).
        assert.ok(
          !result.success &&
            (result.error.code === 'invalid_input' ||
              (result.error.code === 'not_allowed' && options.readOnly === true)),
          `${entry.name} #${i}: ${JSON.stringify(result).slice(0, 300)}`,
        );
      }
      if (!result.success) {
        const after = snapshot(core);
        assert.equal(
          after.series,
          before.series,
          `${entry.name} #${i} replaced the series but reported ${result.error.code}`,
        );
        assert.equal(after.rest, before.rest, `${entry.name} #${i} changed state but reported ${result.error.code}`);
        assert.equal(
          after.history,
          before.history,
          `${entry.name} #${i} changed history but reported ${result.error.code}`,
        );
      }
      assert.equal(
        ({} as Record<string, unknown>).polluted,
        undefined,
        `${entry.name} #${i} polluted Object.prototype`,
      );
    }
    core.dispose();
    assert.equal(prototypeKeys(), pristine, `${entry.name} changed a built-in prototype`);
  }
  if (process.env.FUZZ_REPORT) console.log(JSON.stringify(Object.fromEntries(outcomes)));
  assert.equal(total, tools.length * INPUTS_PER_TOOL);
  // The fuzz must reach the tools' own code, not only the validator: some calls succeed.
  const successes = [...outcomes].filter(([k]) => k.endsWith(':ok')).reduce((n, [, c]) => n + c, 0);
  assert.ok(successes > tools.length, `only ${successes} calls succeeded`);
});
