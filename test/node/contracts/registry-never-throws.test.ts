import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { defineTool, ToolRegistry, type ToolExecuteOptions } from '../../../src/core/tools/index.js';
import type { ToolResult } from '../../../src/protocol/index.js';

function registry(): ToolRegistry {
  return new ToolRegistry([], {
    policy: () => ({ agent: 'full', allow: null }),
    target: () => 't',
    context: () => ({ symbol: 'X' }),
  });
}

const Point = Type.Object({ time: Type.Number(), price: Type.Number() }, { additionalProperties: false });
const Input = Type.Object(
  { points: Type.Optional(Type.Array(Point)), note: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

/** A registry with one host tool whose `execute` is `body`; returns how often it ran. */
function withTool(
  body: (input: unknown, ctx: { signal: AbortSignal; execute(n: string, i: unknown): Promise<ToolResult> }) => unknown,
  safety: 'read-only' | 'mutating' = 'read-only',
) {
  const r = registry();
  let runs = 0;
  r.register(
    defineTool({
      name: 'host_probe',
      label: 'Probe',
      description: 'probe',
      parameters: Input,
      safety,
      execute: (input, ctx) => {
        runs++;
        return body(input, ctx);
      },
    }),
  );
  return { r, runs: () => runs };
}

function assertFailure(result: ToolResult, code: string): Extract<ToolResult, { success: false }> {
  assert.equal(result.success, false, JSON.stringify(result));
  if (result.success) throw new Error('unreachable');
  assert.equal(result.stateChanged, false);
  assert.equal(result.error.code, code, result.error.message);
  assert.equal(typeof result.error.message, 'string');
  assert.equal(typeof result.error.retryable, 'boolean');
  assert.doesNotThrow(() => JSON.stringify(result));
  return result;
}

test('own keys __proto__, constructor and prototype are refused at any depth, before the tool runs', async () => {
  const { r, runs } = withTool(() => ({ data: 'ran' }));
  const inputs: unknown[] = [
    JSON.parse('{"__proto__": {"polluted": true}}'),
    JSON.parse('{"points": [{"time": 1, "price": 2, "__proto__": {"polluted": true}}]}'),
    JSON.parse('{"points": [{"time": 1, "price": 2}, {"constructor": {"prototype": {"polluted": true}}}]}'),
    { note: 'x', prototype: {} },
    { points: [{ time: 1, price: 2, constructor: 1 }] },
  ];
  for (const input of inputs) {
    const failed = assertFailure(await r.execute('host_probe', input), 'invalid_input');
    assert.match(failed.error.details?.[0]?.reason ?? '', /__proto__|constructor|prototype/);
  }
  assert.equal(runs(), 0);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  // The path names where the key was, never an input value.
  const nested = assertFailure(
    await r.execute('host_probe', JSON.parse('{"points":[{"time":1,"price":2},{"__proto__":{}}]}')),
    'invalid_input',
  );
  assert.equal(nested.error.details?.[0]?.path, 'points[1]');
});

test('inputs JSON cannot carry, cycles and throwing getters or proxies are refused with invalid_input', async () => {
  const { r, runs } = withTool(() => ({ data: 'ran' }));
  const cyclic: Record<string, unknown> = { note: 'x' };
  cyclic.self = cyclic;
  const getter = {
    get note(): string {
      throw new Error('getter <img src=x onerror=alert(1)>');
    },
  };
  const trap = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  );
  let deep: unknown = 1;
  for (let i = 0; i < 200; i++) deep = { points: deep };
  const inputs: unknown[] = [
    cyclic,
    getter,
    trap,
    deep,
    { note: 10n },
    { note: () => 1 },
    { note: Symbol('s') },
    { points: [{ time: NaN, price: 1 }] },
    { points: [{ time: 1, price: Infinity }] },
    'text',
    42,
    [1, 2],
  ];
  for (const input of inputs) {
    const failed = assertFailure(await r.execute('host_probe', input), 'invalid_input');
    // A getter's message is the caller's text; it is not echoed.
    assert.ok(!JSON.stringify(failed).includes('<img'), JSON.stringify(failed));
  }
  assert.equal(runs(), 0);
});

test('malformed names and options never throw', async () => {
  const r = registry();
  const badName = {
    toString(): string {
      throw new Error('no');
    },
  };
  for (const name of [undefined, null, 42, Symbol('x'), badName, '', 'x'.repeat(10_000)]) {
    assertFailure(await r.execute(name as unknown as string, {}), 'unknown_tool');
  }
  const { r: r2 } = withTool(() => ({ data: 'ok' }));
  const throwingOptions = {
    get signal(): AbortSignal {
      throw new Error('no');
    },
  };
  for (const options of [null, 42, 'x', throwingOptions, { signal: { aborted: true } }, { origin: 'root' }]) {
    let result: ToolResult | undefined;
    await assert.doesNotReject(async () => {
      result = await r2.execute('host_probe', {}, options as unknown as ToolExecuteOptions);
    });
    assert.ok(result && typeof result.success === 'boolean');
  }
  // An unknown origin is never taken for the user: the call is refused (invalid_input) before anything runs.
  const refused = new ToolRegistry([], {
    policy: () => ({ agent: 'off', allow: null }),
    target: () => 't',
    context: () => null,
  });
  refused.register(
    defineTool({
      name: 'host_x',
      label: 'x',
      description: 'x',
      parameters: Type.Object({}),
      safety: 'read-only',
      execute: () => 1,
    }),
  );
  assertFailure(
    await refused.execute('host_x', {}, { origin: 'root' } as unknown as ToolExecuteOptions),
    'invalid_input',
  );
});

test('a host tool that throws anything, or returns what JSON cannot carry, gives a failure result', async () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const throwers: (() => unknown)[] = [
    () => {
      throw new Error('plain');
    },
    () => {
      throw 'a string'; // eslint-disable-line @typescript-eslint/only-throw-error -- the registry must survive any thrown value
    },
    () => {
      throw undefined; // eslint-disable-line @typescript-eslint/only-throw-error -- the registry must survive any thrown value
    },
    () => {
      throw Object.create(null);
    },
    () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the registry must survive any thrown value
      throw {
        toString() {
          throw new Error('nested');
        },
      };
    },
    () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the registry must survive any thrown value
      throw {
        get message(): string {
          throw new Error('getter');
        },
      };
    },
    async () => {
      throw new RangeError('async');
    },
    () => Promise.reject(new Error('rejected')),
    () => ({ data: 10n }),
    () => ({ data: cyclic }),
    () =>
      new Proxy(
        {},
        {
          has: () => {
            throw new Error('has trap');
          },
        },
      ),
    () => ({
      data: {
        get x(): number {
          throw new Error('data getter');
        },
      },
    }),
    () => ({ success: false, error: { code: 'made_up', message: 'weird', details: [{ path: 1, reason: {} }] } }),
  ];
  for (const body of throwers) {
    const { r } = withTool(body);
    const result = await r.execute('host_probe', {});
    assert.equal(result.success, false, JSON.stringify(result));
    assert.equal(result.stateChanged, false);
    if (!result.success) assert.equal(result.error.code, 'internal');
    assert.doesNotThrow(() => JSON.stringify(result));
  }
});

test('a child call with bad input from a host tool is a result, not an exception', async () => {
  const { r } = withTool(async (_input, ctx) => {
    const child = await ctx.execute('host_probe', JSON.parse('{"__proto__":{"x":1}}'));
    const unknown = await ctx.execute(Symbol('x') as unknown as string, {});
    return {
      data: { child: child.success ? 'ok' : child.error.code, unknown: unknown.success ? 'ok' : unknown.error.code },
    };
  });
  const result = await r.execute('host_probe', {});
  assert.ok(result.success);
  assert.deepEqual(result.data, { child: 'invalid_input', unknown: 'unknown_tool' });
});

test('a call aborted after its change was committed reports the success it was, with stateChanged', async () => {
  let committed = 0;
  const controller = new AbortController();
  const { r } = withTool(() => {
    committed++;
    controller.abort(); // the run is cancelled just after the change landed
    return { data: { id: 'd1' } };
  }, 'mutating');
  const result = await r.execute('host_probe', {}, { signal: controller.signal });
  assert.equal(committed, 1);
  assert.deepEqual(result, { success: true, stateChanged: true, data: { id: 'd1' } });

  // A call that changed nothing and was cancelled reports `aborted`.
  const c2 = new AbortController();
  const { r: r2 } = withTool(() => {
    c2.abort();
    return { data: null, stateChanged: false };
  }, 'mutating');
  assertFailure(await r2.execute('host_probe', {}, { signal: c2.signal }), 'aborted');
});

test('a host tool that fails after a child call changed the chart reports the change, not "nothing changed"', async () => {
  const r = registry();
  let applied = 0;
  r.register(
    defineTool({
      name: 'host_child',
      label: 'c',
      description: 'c',
      parameters: Type.Object({}),
      safety: 'mutating',
      execute: () => {
        applied++;
        return { data: 'done' };
      },
    }),
  );
  r.register(
    defineTool({
      name: 'host_parent',
      label: 'p',
      description: 'p',
      parameters: Type.Object({}),
      safety: 'mutating',
      execute: async (_input, ctx) => {
        await ctx.execute('host_child', {});
        throw new Error('then broke');
      },
    }),
  );
  const result = await r.execute('host_parent', {});
  assert.equal(applied, 1);
  assert.equal(result.success, true);
  assert.equal(result.stateChanged, true);
  assert.match(result.success ? (result.text ?? '') : '', /failed after 1 change.*then broke/);
  // Without a committed child, the same failure is an honest `internal` with no change.
  const r2 = registry();
  r2.register(
    defineTool({
      name: 'host_broken',
      label: 'b',
      description: 'b',
      parameters: Type.Object({}),
      safety: 'mutating',
      execute: () => {
        throw new Error('broke');
      },
    }),
  );
  assertFailure(await r2.execute('host_broken', {}), 'internal');
});
