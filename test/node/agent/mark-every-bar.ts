import assert from 'node:assert/strict';
import type { ChartCore } from '../../../src/core/commands/chart-core.js';

/** Adds 10,000 markers (the most per instrument) with 20-character texts to `core`'s instrument, as the user. */
export async function markEveryBar(core: ChartCore, tag: string): Promise<void> {
  const bars = core.store.peek('series')!.bars;
  const markers = Array.from({ length: 10_000 }, (_, i) => ({
    time: bars.time[i % bars.length],
    position: i % 2 ? 'above' : 'below',
    shape: 'circle',
    text: `${tag} signal #${String(i).padStart(5, '0')}`.slice(0, 20),
  }));
  const made = await core.tools.execute('markers_create', { markers }, { origin: 'user' });
  assert.equal(made.success, true);
}

/** {@link markEveryBar} on DEMO and on NYSE:ACME, as the user, back on DEMO after: some 3.5 MB to remove. */
export async function markDemoAndAcme(core: ChartCore): Promise<void> {
  await markEveryBar(core, 'demo');
  await core.tools.execute('chart_set_symbol', { symbol: 'NYSE:ACME' }, { origin: 'user' });
  await markEveryBar(core, 'acme');
  await core.tools.execute('chart_set_symbol', { symbol: 'DEMO' }, { origin: 'user' });
}
