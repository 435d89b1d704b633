import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { reduceTranscript } from '../../../src/agent/index.js';
import { validateSessionRecords } from '../../../src/agent/session-record-schema.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { registerLocale } from '../../../components/i18n/locale-store.js';
import ja from '../../../components/i18n/locales/ja.js';
import { panelStrings } from '../../../components/chart-agent-panel/panel-strings.js';
import { runSummaryText } from '../../../components/chart-agent-panel/agent-words.js';
import { closeMock, ofType } from './harness.js';
import { coreRuntime } from './core-runtime.js';
import { markDemoAndAcme } from './mark-every-bar.js';

after(closeMock);

// A run whose change set was too large to store (over 2,000,000 characters) showed, after a reload, the
// chart's English summary ("20000 markers removed") in a Japanese panel: the set itself was not stored,
// and the summary is worded from it. The session now stores a digest of the set (counts of drawings,
// price lines and markers, the other slices as they are), and the panel words it in its language.

test('after a reload, a run too large to store is summarized in the panel’s language, as it was live', async () => {
  registerLocale('ja', ja);
  const { mock, store, sessionId, core, runtime, shown } = await coreRuntime();
  await markDemoAndAcme(core);
  mock.script([
    {
      toolCalls: [
        { name: 'markers_remove', arguments: '{}' },
        { name: 'chart_set_symbol', arguments: '{"symbol":"NYSE:ACME"}' },
        { name: 'markers_remove', arguments: '{}' },
        { name: 'settings_update', arguments: '{"values":{"theme":"light"}}' },
      ],
    },
    { text: 'Cleared both.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'clear the markers on both' }), 'completed');

  const s = panelStrings('ja');
  const liveRow = reduceTranscript(shown).find((i) => i.kind === 'changes');
  assert.ok(liveRow && liveRow.kind === 'changes');
  const live = runSummaryText(liveRow, s, 'ja');
  assert.ok(live.includes('マーカーを 20000 件削除'), live.join(', '));

  const stored = await store.readEvents(sessionId);
  assert.deepEqual(validateSessionRecords(stored, sessionId).invalid, []);
  const storedChars = JSON.stringify(ofType(stored, 'run.changes')).length;
  assert.ok(storedChars < 10_000, `run.changes stores ${storedChars} chars`);
  const row = reduceTranscript(stored).find((i) => i.kind === 'changes');
  assert.ok(row && row.kind === 'changes');
  assert.equal(row.changesStored, false);
  assert.deepEqual(row.changes.slices, {}, 'nothing to revert is stored');
  assert.deepEqual(runSummaryText(row, s, 'ja'), live);
  // English stays the chart's own summary.
  assert.deepEqual(runSummaryText(row, panelStrings('en'), 'en'), row.summary);
});

test('a session stored before digests still shows its English summary', () => {
  const old: AgentEvent[] = [
    {
      type: 'run.changes',
      summary: ['20000 markers removed'],
      changes: { runId: 'r', slices: {} },
      changesStored: false,
      seq: 1,
      sessionId: 's',
      at: 1,
      runId: 'r',
    },
  ];
  const row = reduceTranscript(old).find((i) => i.kind === 'changes');
  assert.ok(row && row.kind === 'changes');
  assert.deepEqual(runSummaryText(row, panelStrings('ja'), 'ja'), ['20000 markers removed']);
});
