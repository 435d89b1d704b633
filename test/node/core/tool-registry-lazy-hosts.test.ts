import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { defineTool, tool, ToolRegistry, type ToolRegistryOptions } from '../../../src/core/tools/index.js';

// The built-in tools of a chart are a chunk loaded after its first paint (ToolRegistry `loadHosts`,
// src/core/commands/builtin-tool-hosts.ts, issue #12). Callers must not see the difference, except
// that list() shows them once ready() resolved, and a chunk that cannot load is a clear, retryable error.

const Empty = Type.Object({}, { additionalProperties: false });

class LazyHost {
  calls = 0;
  @tool({ name: 'lazy_echo', label: 'Echo', description: 'echoes', parameters: Empty, safety: 'read-only' })
  echo() {
    this.calls++;
    return { data: 'echo' };
  }
}

function options(loadHosts: () => Promise<readonly object[]>): ToolRegistryOptions {
  return { policy: () => ({ agent: 'full', allow: null }), target: () => 't', context: () => null, loadHosts };
}

const hostTool = defineTool({
  name: 'acme_ping',
  label: 'Ping',
  description: 'pings',
  parameters: Empty,
  safety: 'read-only',
  execute: () => 'pong',
});

test('a call made before the built-in tools are loaded waits for them and runs', async () => {
  const host = new LazyHost();
  let loads = 0;
  const registry = new ToolRegistry(
    [],
    options(async () => (loads++, [host])),
  );
  assert.equal(registry.has('lazy_echo'), false, 'not listed before it is loaded');
  const [a, b] = await Promise.all([registry.execute('lazy_echo', {}), registry.execute('lazy_echo', {})]);
  assert.deepEqual([a.success, b.success], [true, true]);
  assert.equal(host.calls, 2);
  assert.equal(loads, 1, 'two early calls share one load');
  assert.equal(registry.loaded, true);
  assert.ok(registry.has('lazy_echo'));
});

test('host tools registered before the load keep their place after the built-in ones', async () => {
  const registry = new ToolRegistry(
    [],
    options(async () => [new LazyHost()]),
  );
  registry.register(hostTool);
  assert.deepEqual(
    registry.list().map((t) => t.name),
    ['acme_ping'],
  );
  await registry.ready();
  assert.deepEqual(
    registry.list().map((t) => t.name),
    ['lazy_echo', 'acme_ping'],
  );
  assert.equal((await registry.execute('acme_ping', {})).success, true);
});

test('a chunk that fails to load is a retryable internal error, and the next call loads it again', async () => {
  const host = new LazyHost();
  let fail = true;
  const registry = new ToolRegistry(
    [],
    options(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return [host];
    }),
  );
  const first = await registry.execute('lazy_echo', {});
  assert.equal(first.success, false);
  if (first.success) return;
  assert.equal(first.error.code, 'internal');
  assert.equal(first.error.retryable, true);
  assert.match(first.error.message, /could not be loaded: .*Failed to fetch/);
  await assert.rejects(registry.ready());
  assert.equal(registry.loaded, false);
  fail = false;
  const second = await registry.execute('lazy_echo', {});
  assert.equal(second.success, true);
  assert.equal(host.calls, 1);
});

class OtherHost {
  @tool({ name: 'lazy_other', label: 'Other', description: 'other', parameters: Empty, safety: 'read-only' })
  other() {
    return { data: 'other' };
  }
}

test('built-in tools are listed host by host in the order loadHosts gives, whatever order their classes were declared in', async () => {
  const registry = new ToolRegistry(
    [],
    options(async () => [new OtherHost(), new LazyHost()]),
  );
  await registry.ready();
  assert.deepEqual(
    registry.list().map((t) => t.name),
    ['lazy_other', 'lazy_echo'],
  );
});
