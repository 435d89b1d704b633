import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeToolCall, EN_TOOL_CALL_PHRASES, reduceTranscript } from '../../../src/agent/index.js';
import { describeRunConflict, EN_RUN_SUMMARY, summarizeRunChanges } from '../../../src/core/runs/index.js';
import type { RunChangeSet } from '../../../src/protocol/index.js';
import { makeLog } from './events.js';

// Issue #13: the run summary, the approval sentence and the undo conflicts are built from data with
// a phrases object, so the panel can word them in its reader's language; English stays the default.

const CHANGES: RunChangeSet = {
  runId: 'r1',
  slices: {
    target: { before: { symbol: 'DEMO', period: '1d' }, after: { symbol: 'DEMO', period: '1w' } },
    settings: { before: { theme: 'light' }, after: { theme: 'dark' } },
  },
};

test('the summary takes phrases and names; English is the default', () => {
  assert.deepEqual(summarizeRunChanges(CHANGES), ['period 1d → 1w', 'theme light → dark']);
  const zh = summarizeRunChanges(
    CHANGES,
    { ...EN_RUN_SUMMARY, period: (a, b) => `周期 ${a} → ${b}` },
    { settingName: () => '主题', settingValue: (_k, v) => (v === 'dark' ? '深色' : '浅色') },
  );
  assert.deepEqual(zh, ['周期 1d → 1w', '主题 浅色 → 深色']);
});

test('an approval sentence takes phrases and names (a drawing kind, a setting)', () => {
  const input = { values: { theme: 'dark' } };
  assert.equal(describeToolCall('settings_update', 'Update settings', input), 'Change settings: theme → dark');
  const zh = describeToolCall(
    'settings_update',
    '修改设置',
    input,
    { ...EN_TOOL_CALL_PHRASES, changeSettings: (c) => `修改设置：${c}` },
    { settingName: () => '主题', settingValue: () => '深色' },
  );
  assert.equal(zh, '修改设置：主题 → 深色');
  assert.equal(
    describeToolCall('drawing_create', 'Draw', { kind: 'trend_line', points: [{ price: 1 }, { price: 2 }] }),
    'Draw a trend line at 1, 2',
  );
  // An unknown tool: its label and its arguments.
  assert.equal(
    describeToolCall('host_tool', '主机工具', { a: 1 }, EN_TOOL_CALL_PHRASES, { paramName: () => '甲' }),
    '主机工具: 甲: 1',
  );
});

test('a conflict is worded from its reason, with its chart when it names one', () => {
  const reason = { reason: 'changed', slice: 'indicators', key: 'i1', chartId: 'c2' } as const;
  assert.equal(describeRunConflict(reason), 'c2: indicator i1 changed since');
  assert.equal(describeRunConflict({ reason: 'nothing' }), 'this run changed nothing on this chart');
  assert.equal(
    describeRunConflict({ reason: 'changed', slice: 'settings', key: 'theme' }, undefined, {
      settingName: () => 'Theme',
    }),
    'setting Theme changed since',
  );
});

test('the transcript keeps an approval’s arguments and an undo’s reasons', () => {
  const items = reduceTranscript(
    makeLog([
      { type: 'run.started', runId: 'r1', readOnly: false },
      {
        type: 'tool.approval.required',
        runId: 'r1',
        callId: 'c1',
        name: 'chart_set_period',
        label: 'Set period',
        summary: 'Switch the period to 1w',
        input: { period: '1w' },
      },
      { type: 'run.changes', runId: 'r1', summary: ['period 1d → 1w'], changes: { runId: 'r1', slices: {} } },
      { type: 'run.completed', runId: 'r1' },
      {
        type: 'run.reverted',
        targetRunId: 'r1',
        direction: 'undo',
        ok: false,
        conflicts: ['the symbol or period changed since'],
        reasons: [{ reason: 'changed', slice: 'target' }],
      },
    ]),
  );
  const approval = items.find((i) => i.kind === 'approval');
  assert.deepEqual(approval?.kind === 'approval' ? approval.input : null, { period: '1w' });
  const changes = items.find((i) => i.kind === 'changes');
  assert.deepEqual(changes?.kind === 'changes' ? changes.reasons : null, [{ reason: 'changed', slice: 'target' }]);
});
