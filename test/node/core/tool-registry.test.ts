import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { allowedForAgent } from '../../../src/core/tools/allowed-for-agent.js';
import {
  defineTool,
  getRegisteredChartTools,
  tool,
  ToolCallError,
  ToolRegistry,
  toFieldPath,
  type ToolCallContext,
} from '../../../src/core/tools/index.js';

const Input = Type.Object(
  {
    points: Type.Array(
      Type.Object(
        { time: Type.Number({ description: 't' }), price: Type.Number({ description: 'p' }) },
        { additionalProperties: false },
      ),
      { description: 'pts' },
    ),
    limit: Type.Integer({ minimum: 1, maximum: 10, default: 3, description: 'n' }),
  },
  { additionalProperties: false },
);

class HostA {
  calls = 0;
  @tool({ name: 'test_read', label: 'Read', description: 'reads', parameters: Input, safety: 'read-only' })
  read(input: { points: unknown[]; limit: number }) {
    this.calls++;
    return { data: { n: input.points.length, limit: input.limit } };
  }

  @tool({
    name: 'test_write',
    label: 'Write',
    description: 'writes',
    parameters: Type.Object({}, { additionalProperties: false }),
    safety: 'mutating',
  })
  async write(_input: unknown, ctx: ToolCallContext) {
    await new Promise((r) => setTimeout(r, 5));
    ctx.assertTarget();
    return { data: 'ok' };
  }

  @tool({
    name: 'test_fail',
    label: 'Fail',
    description: 'fails',
    parameters: Type.Object({}, { additionalProperties: false }),
    safety: 'read-only',
  })
  fail(): never {
    throw new ToolCallError('not_found', 'nothing here', { recommendedAction: 'look elsewhere' });
  }

  @tool({
    name: 'test_crash',
    label: 'Crash',
    description: 'crashes',
    parameters: Type.Object({}, { additionalProperties: false }),
    safety: 'read-only',
  })
  crash(): never {
    throw new TypeError('bug');
  }
}

class HostB {
  // Same method name as HostA's: matching is by function identity, never by name.
  @tool({
    name: 'test_read_b',
    label: 'Read B',
    description: 'reads b',
    parameters: Type.Object({}, { additionalProperties: false }),
    safety: 'read-only',
  })
  read() {
    return { data: 'b' };
  }
}

function makeRegistry(policy = { agent: 'full' as const, allow: null as string[] | null }) {
  let stamp = 'a';
  const a = new HostA();
  const registry = new ToolRegistry([a, new HostB()], {
    policy: () => policy,
    target: () => stamp,
    context: () => ({ symbol: 'X' }),
  });
  return { registry, a, setStamp: (s: string) => (stamp = s) };
}

test('decorated methods are found on their hosts by identity, with frozen schemas', () => {
  const { registry } = makeRegistry();
  const names = registry.list().map((t) => t.name);
  assert.ok(names.includes('test_read') && names.includes('test_read_b'));
  const entry = getRegisteredChartTools().find((t) => t.name === 'test_read')!;
  assert.ok(Object.isFrozen(entry.parameters));
  assert.ok(Object.isFrozen(entry.parameters.properties.points));
  assert.equal(entry.executionMode, 'parallel');
  const described = registry.describe().find((t) => t.name === 'test_read')!;
  assert.equal((described.parameters as { additionalProperties: boolean }).additionalProperties, false);
});

test('valid input runs with defaults applied', async () => {
  const { registry, a } = makeRegistry();
  const r = await registry.execute('test_read', { points: [{ time: 1, price: 2 }] });
  assert.deepEqual(r, { success: true, stateChanged: false, data: { n: 1, limit: 3 } });
  assert.equal(a.calls, 1);
  const b = await registry.execute('test_read_b', {});
  assert.equal(b.success && b.data, 'b');
});

test('invalid input returns at most five details naming fields, never values', async () => {
  const { registry, a } = makeRegistry();
  const r = await registry.execute('test_read', { points: [{ time: 1, price: 'secret-value' }], limit: 50, extra: 1 });
  assert.equal(r.success, false);
  if (r.success) return;
  assert.equal(r.error.code, 'invalid_input');
  const paths = r.error.details!.map((d) => d.path);
  assert.ok(paths.includes('points[0].price'), paths.join());
  assert.ok(paths.includes('limit'));
  assert.ok(r.error.details!.length <= 5);
  assert.ok(!JSON.stringify(r).includes('secret-value'));
  assert.equal(a.calls, 0);
  assert.equal(toFieldPath('/points/1/price'), 'points[1].price');
});

test('unknown tools, known failures and crashes come back as data', async () => {
  const { registry } = makeRegistry();
  const u = await registry.execute('nope', {});
  assert.equal(!u.success && u.error.code, 'unknown_tool');
  assert.match(!u.success ? u.error.recommendedAction! : '', /test_read/);
  const f = await registry.execute('test_fail', {});
  assert.equal(!f.success && f.error.code, 'not_found');
  assert.equal(!f.success && f.error.recommendedAction, 'look elsewhere');
  const c = await registry.execute('test_crash', {});
  assert.equal(!c.success && c.error.code, 'internal');
});

test('policy: agent off, read-only attribute, allow-list and read-only runs', async () => {
  const off = makeRegistry({ agent: 'off' as never, allow: null });
  assert.equal((await off.registry.execute('test_read', { points: [] }, { origin: 'agent' })).success, false);
  // The user is never restricted by the agent policy.
  assert.equal((await off.registry.execute('test_read', { points: [] }, { origin: 'user' })).success, true);
  const ro = makeRegistry({ agent: 'read-only' as never, allow: null });
  const w = await ro.registry.execute('test_write', {}, { origin: 'agent' });
  assert.equal(!w.success && w.error.code, 'not_allowed');
  const allow = makeRegistry({ agent: 'full', allow: ['test_read*'] });
  assert.equal(allowedForAgent(allow.registry.callHost, 'test_read_b'), true);
  assert.equal(allowedForAgent(allow.registry.callHost, 'test_write'), false);
  const full = makeRegistry();
  const run = await full.registry.execute('test_write', {}, { origin: 'agent', readOnly: true });
  assert.equal(!run.success && run.error.code, 'not_allowed');
});

test('a target change during an async tool returns stale_binding and an aborted signal returns aborted', async () => {
  const { registry, setStamp } = makeRegistry();
  const pending = registry.execute('test_write', {});
  setStamp('b');
  const r = await pending;
  assert.equal(!r.success && r.error.code, 'stale_binding');
  const ac = new AbortController();
  ac.abort();
  const a = await registry.execute('test_write', {}, { signal: ac.signal });
  assert.equal(!a.success && a.error.code, 'aborted');
});

test('mutations run one at a time', async () => {
  const { registry } = makeRegistry();
  const order: string[] = [];
  const unregister = registry.register(
    defineTool({
      name: 'host_slow',
      label: 'Slow',
      description: 'slow',
      safety: 'mutating',
      parameters: Type.Object({ id: Type.String({ description: 'id' }) }, { additionalProperties: false }),
      async execute(input) {
        order.push(`start ${input.id}`);
        await new Promise((r) => setTimeout(r, 10));
        order.push(`end ${input.id}`);
        return { ok: true };
      },
    }),
  );
  await Promise.all([registry.execute('host_slow', { id: '1' }), registry.execute('host_slow', { id: '2' })]);
  assert.deepEqual(order, ['start 1', 'end 1', 'start 2', 'end 2']);
  unregister();
  assert.equal(registry.has('host_slow'), false);
});

test('host tools: reserved prefixes, duplicates, bad examples; composition depth and read-only parents', async () => {
  const { registry } = makeRegistry();
  const params = Type.Object({ n: Type.Integer({ description: 'n' }) }, { additionalProperties: false });
  assert.throws(
    () =>
      registry.register(
        defineTool({
          name: 'chart_mine',
          label: 'x',
          description: 'x',
          parameters: params,
          safety: 'read-only',
          execute: () => 1,
        }),
      ),
    /reserved/,
  );
  assert.throws(
    () =>
      registry.register(
        defineTool({
          name: 'Bad-Name',
          label: 'x',
          description: 'x',
          parameters: params,
          safety: 'read-only',
          execute: () => 1,
        }),
      ),
    /must match/,
  );
  assert.throws(
    () =>
      registry.register(
        defineTool({
          name: 'host_ex',
          label: 'x',
          description: 'x',
          parameters: params,
          safety: 'read-only',
          examples: [{ description: 'bad', input: { n: 'x' as never } }],
          execute: () => 1,
        }),
      ),
    /Example 0/,
  );
  registry.register(
    defineTool({
      name: 'host_reader',
      label: 'x',
      description: 'x',
      parameters: params,
      safety: 'read-only',
      execute: async (_i, ctx) => ({ data: await ctx.execute('test_write', {}) }),
    }),
  );
  assert.throws(
    () =>
      registry.register(
        defineTool({
          name: 'host_reader',
          label: 'x',
          description: 'x',
          parameters: params,
          safety: 'read-only',
          execute: () => 1,
        }),
      ),
    /already/,
  );
  const r = await registry.execute('host_reader', { n: 1 });
  assert.equal(r.success, true);
  const child = (r as { data: { success: boolean; error: { code: string } } }).data;
  assert.equal(child.success, false);
  assert.equal(child.error.code, 'not_allowed');
  registry.register(
    defineTool({
      name: 'host_recurse',
      label: 'x',
      description: 'x',
      parameters: params,
      safety: 'read-only',
      execute: async (i, ctx) => ({ data: await ctx.execute('host_recurse', { n: i.n + 1 }) }),
    }),
  );
  const deep = await registry.execute('host_recurse', { n: 0 });
  assert.match(JSON.stringify(deep), /at most 4 levels/);
});

test('a host schema beyond the compiled shapes: TypeBox (loaded on demand) validates input and checks examples', async () => {
  const { registry } = makeRegistry();
  // Intersect is not among the compiled shapes (compile-check.ts): TypeBox decides.
  const params = Type.Intersect([
    Type.Object({ a: Type.String({ description: 'a' }) }),
    Type.Object({ b: Type.Integer({ default: 2, description: 'b' }) }),
  ]) as unknown as Parameters<typeof defineTool>[0]['parameters'];
  const seen: unknown[] = [];
  registry.register(
    defineTool({
      name: 'host_intersect',
      label: 'x',
      description: 'x',
      parameters: params,
      safety: 'read-only',
      examples: [{ description: 'good', input: { a: 'x', b: 1 } }],
      execute: (input) => {
        seen.push(input);
        return 'ok';
      },
    }),
  );
  const ok = await registry.execute('host_intersect', { a: 'y' });
  assert.equal(ok.success, true);
  assert.deepEqual(seen, [{ a: 'y', b: 2 }], 'defaults applied by TypeBox');
  const bad = await registry.execute('host_intersect', { a: 1 });
  assert.equal(bad.success, false);
  assert.equal(!bad.success && bad.error.code, 'invalid_input');
  assert.ok(!bad.success && bad.error.details?.some((d) => d.path === 'a'));

  // A wrong example cannot be refused by register() before TypeBox loads: every call fails instead.
  registry.register(
    defineTool({
      name: 'host_intersect_bad',
      label: 'x',
      description: 'x',
      parameters: params,
      safety: 'read-only',
      examples: [
        { description: 'good', input: { a: 'x', b: 1 } },
        { description: 'bad', input: { a: 3 } },
      ],
      execute: () => 'ran',
    }),
  );
  const refused = await registry.execute('host_intersect_bad', { a: 'y' });
  assert.equal(refused.success, false);
  assert.equal(!refused.success && refused.error.code, 'internal');
  assert.match(!refused.success ? refused.error.message : '', /Example 1 of tool 'host_intersect_bad' does not match/);
  assert.equal(seen.length, 1, 'the tool did not run');
});
