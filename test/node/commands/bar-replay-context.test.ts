import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BarReplay } from '../../../src/core/commands/bar-replay.js';
import { toolTime } from '../../../src/core/commands/tool-time.js';
import { buildSystemPrompt } from '../../../src/agent/build-system-prompt.js';
import { describeChartChanges } from '../../../src/agent/chart-changes.js';
import { failureOf, loadedCore, successOf } from './indicator-fixture.js';

/** A replay on the sample DEMO daily bars with MA(5), started 30 bars before the end. */
async function replaying() {
  const core = await loadedCore('MA(5)');
  const replay = new BarReplay(core);
  const full = core.store.peek('series')!;
  const k = full.bars.length - 30;
  const before = core.context.get();
  assert.equal(replay.start(full.bars.time[k]), true);
  const time = full.bars.time[k];
  return { core, replay, full, time, before, timeText: toolTime(time, full.instrument.timezone, '1d') };
}

test('the chart context says a replay is on (time, playing, speed); it is absent after stop', async () => {
  const { core, replay, time } = await replaying();
  assert.deepEqual(core.context.get()!.replay, { time, playing: false, speed: 1 });
  replay.play(3);
  assert.deepEqual(core.context.get()!.replay, { time, playing: true, speed: 3 });
  replay.pause();
  replay.stop();
  assert.equal('replay' in core.context.get()!, false, 'no replay field once it stopped');
});

test('chart_get_context gives the replay with its time in the market timezone', async () => {
  const { core, replay, time, timeText } = await replaying();
  const data = successOf(await core.tools.execute('chart_get_context', {})).data as {
    replay?: { time: number; timeText: string };
  };
  assert.equal(data.replay?.time, time);
  assert.equal(data.replay?.timeText, timeText);
  replay.stop();
  const after = successOf(await core.tools.execute('chart_get_context', {})).data as Record<string, unknown>;
  assert.equal('replay' in after, false);
});

test("the agent's system prompt says bars after the replay point are hidden; not once it stopped", async () => {
  const { core, replay, timeText } = await replaying();
  const prompt = (c = core.context.get()) => buildSystemPrompt({ now: new Date(), context: c, items: [], tools: [] });
  const line = prompt()
    .split('\n')
    .find((l) => /replay/i.test(l));
  assert.ok(line, prompt());
  assert.match(line, new RegExp(timeText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.match(line, /hidden/);
  replay.stop();
  assert.doesNotMatch(prompt(), /replay/i);
});

test('the user starting or ending a replay between answers is a chart change the agent is told', async () => {
  const { core, replay, before, timeText } = await replaying();
  const during = core.context.get();
  const started = describeChartChanges(before, during);
  assert.equal(started.length, 1, started.join('; '));
  assert.match(started[0], /replay/);
  assert.ok(started[0].includes(timeText.slice(0, 10)), started[0]);
  replay.stop();
  const ended = describeChartChanges(during, core.context.get());
  assert.deepEqual(ended, ['bar replay ended']);
});

test('market_bars_query and indicators_query say their bars end at the replay point', async () => {
  const { core, replay, time, timeText } = await replaying();
  for (const [name, input] of [
    ['market_bars_query', { limit: 3 }],
    ['indicators_query', { definitionId: 'MA', limit: 3 }],
  ] as const) {
    const r = successOf(await core.tools.execute(name, input));
    const data = r.data as { replay?: { time: number; timeText: string } };
    assert.equal(data.replay?.time, time, name);
    assert.equal(data.replay?.timeText, timeText, name);
    assert.match(r.text ?? '', /replay/i, `${name}: the text the model reads says so`);
  }
  // Asking for later bars fails with a message that names the replay, not "no data there".
  const tz = core.store.peek('series')!.instrument.timezone;
  const later = toolTime(time + 3 * 86_400_000, tz, '1d');
  const bars = failureOf(await core.tools.execute('market_bars_query', { from: later }));
  assert.equal(bars.code, 'out_of_range');
  assert.match(bars.message, /replay/i);
  const study = failureOf(await core.tools.execute('indicators_query', { definitionId: 'MA', from: later }));
  assert.match(study.message, /replay/i);
  replay.stop();
  const r = successOf(await core.tools.execute('market_bars_query', { limit: 3 }));
  assert.equal('replay' in (r.data as object), false);
  assert.doesNotMatch(r.text ?? '', /replay/i);
});
