import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { defineTool, ToolRegistry, type ToolRegistryOptions } from '../../../src/core/tools/index.js';

// What a host sees, word for word, when `register` refuses a tool or the tools' chunk cannot load
// (src/core/tools/tool-registry.ts; docs/contracts.md "Host tools" and "Tool results").

const Params = Type.Object({ n: Type.Integer({ description: 'n' }) }, { additionalProperties: false });

function options(loadHosts?: () => Promise<readonly object[]>): ToolRegistryOptions {
  return { policy: () => ({ agent: 'full', allow: null }), target: () => 't', context: () => null, loadHosts };
}

const hostTool = (name: string, examples?: { description: string; input: unknown }[]) =>
  defineTool({
    name,
    label: 'x',
    description: 'x',
    parameters: Params,
    safety: 'read-only',
    examples: examples as never,
    execute: () => 1,
  });

test('register refuses a bad name, a reserved prefix, a taken name and a wrong example with these words', () => {
  const registry = new ToolRegistry([], options());
  registry.register(hostTool('acme_one'));
  const refusals: [string, { description: string; input: unknown }[] | undefined, string][] = [
    ['Bad-Name', undefined, "Tool name 'Bad-Name' must match ^[a-z][a-z0-9_]{0,63}$"],
    ['', undefined, "Tool name '' must match ^[a-z][a-z0-9_]{0,63}$"],
    ['chart_mine', undefined, "Tool name 'chart_mine' uses the reserved prefix 'chart_'"],
    ['acme_one', undefined, "A tool named 'acme_one' is already registered"],
    [
      'acme_two',
      [
        { description: 'good', input: { n: 1 } },
        { description: 'bad', input: { n: 'x' } },
      ],
      "Example 1 of tool 'acme_two' does not match its parameters schema",
    ],
  ];
  for (const [name, examples, message] of refusals)
    assert.throws(
      () => registry.register(hostTool(name, examples)),
      (error: Error) => error.message === message,
      message,
    );
  assert.equal(registry.has('acme_two'), false);
});

test('a call while the tools cannot load is this retryable internal failure, whatever was thrown', async () => {
  const thrown: [unknown, string][] = [
    [new TypeError('Failed to fetch dynamically imported module'), 'Failed to fetch dynamically imported module'],
    ['offline', 'offline'],
    [
      {
        toString() {
          throw new Error('no');
        },
      },
      'unknown error',
    ],
  ];
  for (const [error, words] of thrown) {
    const registry = new ToolRegistry(
      [],
      options(() => Promise.reject(error)),
    );
    assert.deepEqual(await registry.execute('acme_any', {}), {
      success: false,
      stateChanged: false,
      error: {
        code: 'internal',
        message: `The chart's tools could not be loaded: ${words}`,
        retryable: true,
        recommendedAction: 'Check the network connection and try again.',
      },
    });
  }
});
