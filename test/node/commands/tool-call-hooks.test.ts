import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { defineTool } from '../../../src/core/tools/index.js';
import { loadedCore } from './drawing-fixture.js';

// What a chart's tool calls do around their tool (a composed host tool as one undo step, a run's tag on the
// steps it commits) is set with its built-in tools' chunk (src/core/commands/builtin-tool-hosts.ts, issue #12),
// not by ChartCore: a chart whose first call is a host tool must still get it, before and after that chunk.

const twoStudies = defineTool({
  name: 'acme_two_studies',
  label: 'Two studies',
  description: 'adds RSI and EMA',
  parameters: Type.Object({}, { additionalProperties: false }),
  safety: 'mutating',
  async execute(_input, ctx) {
    for (const definitionId of ['RSI', 'EMA']) {
      const result = await ctx.execute('indicators_add', { definitionId });
      if (!result.success) return result;
    }
    return { data: 'added' };
  },
});

const studies = (core: Awaited<ReturnType<typeof loadedCore>>) =>
  core.store.peek('indicators').map((i) => i.definitionId);

test("a chart's first call, a composed host tool, is one undo step labelled with its name", async () => {
  const core = await loadedCore();
  assert.equal(core.tools.loaded, false, 'the built-in tools are not in yet');
  core.tools.register(twoStudies);
  const before = studies(core);
  const result = await core.tools.execute('acme_two_studies', {});
  assert.equal(result.success, true, JSON.stringify(result));
  assert.deepEqual(studies(core), [...before, 'RSI', 'EMA']);
  assert.equal(core.store.history.undoLabel, 'acme_two_studies');
  assert.equal(core.undo(), 'acme_two_studies');
  assert.deepEqual(studies(core), before, 'one undo removes both studies');
});

test("an agent run's steps are tagged with the run, from its first call on", async () => {
  const core = await loadedCore();
  const result = await core.tools.execute(
    'indicators_add',
    { definitionId: 'RSI' },
    { origin: 'agent', runId: 'run_1' },
  );
  assert.equal(result.success, true, JSON.stringify(result));
  const changes = core.runs.changes('run_1');
  assert.ok(changes, 'the run changed something');
  assert.ok(JSON.stringify(changes.changes).includes('RSI'), JSON.stringify(changes));
});
