import { installExtensions } from './extensions.js';

const chart = document.getElementById('chart');
const status = document.getElementById('status');
// Before the chart restores its layout (its first update), so saved MIDPOINT studies and target drawings load.
installExtensions(chart);

document.getElementById('add-study').addEventListener('click', async () => {
  const r = await chart.tools.execute('indicators_add', { definitionId: 'MIDPOINT', params: { period: 10 } });
  status.textContent = r.success ? `Added ${r.data.instanceId}` : r.error.message;
});

document.getElementById('add-target').addEventListener('click', async () => {
  const ctx = chart.context.get();
  if (!ctx) return;
  const bars = await chart.tools.execute('market_bars_query', { limit: 30 });
  const rows = bars.success ? bars.text.trim().split('\n').slice(2) : [];
  const [t0, , , , c0] = rows[rows.length - 20].split(',');
  const [, , , , c1] = rows[rows.length - 1].split(',');
  const r = await chart.tools.execute('drawing_create', {
    kind: 'target',
    points: [
      { time: t0.slice(0, 10), price: Number(c0) },
      { time: ctx.dataRange.to, price: Number(c1) },
    ],
    label: 'target',
    style: { color: '#2962ff' },
  });
  status.textContent = r.success ? `Drew ${r.data.id}` : r.error.message;
});
