// A host page adds its own tools to a chart. They compose built-in tools through ctx.execute, get
// the same validation and policy as built-ins, and are offered to the agent and the command palette.
import * as kline from '/dist/kline-chart.js';

const { defineTool, Type } = kline;

const Lookback = Type.Object(
  {
    lookback: Type.Integer({
      minimum: 2,
      maximum: 500,
      default: 20,
      description: 'How many of the newest bars to search.',
    }),
  },
  { additionalProperties: false },
);

/** The newest bar with the highest high in market_bars_query's text (`time,open,high,low,close,volume` rows). */
function highestBar(text) {
  let best = null;
  for (const row of text.split('\n').slice(2)) {
    const [time, , high] = row.split(',');
    const price = Number(high);
    if (time && Number.isFinite(price) && (!best || price >= best.price)) best = { time, price };
  }
  return best;
}

/** Reads the bars, then draws at the high. Returning a child's result passes its failure on. */
async function markHigh(input, ctx) {
  const q = await ctx.execute('market_bars_query', { limit: input.lookback });
  if (!q.success) return q;
  const high = highestBar(q.text ?? '');
  if (!high)
    return {
      success: false,
      stateChanged: false,
      error: { code: 'no_data', message: 'No bars to search.', retryable: true },
    };
  return ctx.execute('drawing_create', { kind: 'horizontal_line', points: [high], label: `High ${high.price}` });
}

const markRecentHigh = defineTool({
  name: 'mark_recent_high',
  label: 'Mark recent high',
  description:
    'Draws a horizontal line at the highest high of the newest `lookback` bars (default 20) and returns the drawing (id, points, label). One undo step.',
  instructions: 'Use when the user asks to mark the recent high or resistance.',
  examples: [{ description: 'the last 20 bars', input: { lookback: 20 } }],
  parameters: Lookback,
  safety: 'mutating',
  execute: markHigh,
});

const peekRecentHigh = defineTool({
  name: 'peek_recent_high',
  label: 'Peek recent high',
  description:
    'Read-only twin of mark_recent_high, here to show the rule: a read-only tool may only call read-only tools, so its drawing_create child fails with not_allowed.',
  parameters: Lookback,
  safety: 'read-only',
  execute: markHigh,
});

const chart = document.getElementById('host-chart');
const log = document.getElementById('log');
const lookback = document.getElementById('lookback');

chart.tools.register(markRecentHigh);
chart.tools.register(peekRecentHigh);

/** Appends a result to the log as text (never markup). */
function show(title, result) {
  const item = document.createElement('li');
  const status = document.createElement('span');
  status.className = result.success ? 'ok' : 'fail';
  status.textContent = result.success ? 'success' : `${result.error.code}`;
  const pre = document.createElement('pre');
  pre.textContent = result.success
    ? JSON.stringify({ stateChanged: result.stateChanged, data: result.data }, null, 2)
    : [result.error.message, result.error.recommendedAction].filter(Boolean).join('\n');
  item.append(`${title}: `, status, pre);
  log.prepend(item);
}

function input() {
  return { lookback: Number(lookback.value) };
}

document.getElementById('run-mark').addEventListener('click', async () => {
  show('mark_recent_high', await chart.tools.execute('mark_recent_high', input(), { origin: 'user' }));
});
document.getElementById('run-peek').addEventListener('click', async () => {
  show('peek_recent_high', await chart.tools.execute('peek_recent_high', input(), { origin: 'user' }));
});
document.getElementById('run-readonly').addEventListener('click', async () => {
  show(
    'read-only run → mark_recent_high',
    await chart.tools.execute('mark_recent_high', input(), { origin: 'agent', readOnly: true }),
  );
});
document.getElementById('undo').addEventListener('click', () => chart.undo());
