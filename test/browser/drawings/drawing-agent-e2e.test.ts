import { expect } from '@open-wc/testing';
import { rowsWithColor } from '../helpers/canvas-pixels.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { createDrawingStage, type DrawingStage } from './drawing-stage.js';
import { chartBesidePanel, usePromptMock } from '../helpers/agent-chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

// Every test of this area that talks to the shared mock model lives in this one file.

const PROMPT = 'mark the high of my selection [drawing-agent e2e]';
const MAGENTA: [number, number, number] = [255, 0, 255];

describe('agent: "mark the high of my selection"', () => {
  const mock = usePromptMock(PROMPT);
  let container: HTMLElement | null = null;
  let stage: DrawingStage | null = null;

  afterEach(() => {
    stage?.destroy();
    stage = null;
    container?.remove();
    container = null;
  });

  it('the user selects a range, the model reads the context and draws a horizontal line at its high, Ctrl+Z removes it', async () => {
    container = document.body.appendChild(document.createElement('div'));
    const { chart, panel } = await chartBesidePanel(container, mock.url, 'draw-agent-chart', '');
    // The drawing layer on the chart's own core (until the element integrates it, on a stage of its own).
    stage = await createDrawingStage(coreOf(chart));
    const bars = coreOf(chart).store.peek('series')!.bars;
    const n = bars.length;

    // 1. The user drags a range with the range-select tool.
    stage.controller.setTool('range-select');
    const u = stage.plot();
    const y = u.bbox.height / 2 / devicePixelRatio;
    const x0 = u.valToPos(n - 25, 'x');
    const x1 = u.valToPos(n - 16, 'x');
    stage.pointer('pointerdown', x0, y);
    for (let k = 1; k <= 4; k++) stage.pointer('pointermove', x0 + ((x1 - x0) * k) / 4, y);
    stage.pointer('pointerup', x1, y);
    await waitFor(() => chart.context.get()?.selection != null, 'selection');
    const selection = chart.context.get()!.selection!;
    expect(selection.bars).to.equal(10);
    const high = selection.high;
    expect(high).to.equal(Math.max(...Array.from(bars.high.subarray(n - 25, n - 15))));

    // 2. The mock model reads the context, then draws at the selection's high.
    await mock.script([
      { toolCalls: [{ name: 'chart_get_context', arguments: '{}' }] },
      {
        toolCalls: [
          {
            name: 'drawing_create',
            arguments: JSON.stringify({
              kind: 'horizontal_line',
              points: [{ time: selection.from, price: high }],
              style: { color: '#ff00ff', width: 3 },
              label: 'Selection high',
            }),
          },
        ],
      },
      { text: 'I marked the high of your selection with a horizontal line.' },
    ]);
    const status = await panel.send(PROMPT);
    expect(status).to.equal('completed');
    const requests = await mock.ourRequests();
    expect(requests.length).to.equal(3);
    const messages = requests[1].body.messages as { role: string; content: string }[];
    const contextResult = messages
      .filter((m) => m.role === 'tool')
      .map((m) => m.content)
      .join('\n');
    expect(contextResult, 'the model was shown the selection and its high').to.contain(String(high));
    const [line] = coreOf(chart).drawings.current();
    expect(line.kind).to.equal('horizontal_line');
    expect(line.points[0].price).to.equal(high);

    // 3. The line is on the canvas at the row of that price.
    await stage.painted();
    const rows = rowsWithColor(
      stage.canvas(),
      MAGENTA,
      Math.round(u.bbox.left + 5),
      Math.round(u.bbox.left + u.bbox.width - 5),
      40,
    );
    expect(rows.length, 'line drawn').to.be.greaterThan(0);
    expect(rows.reduce((a, b) => a + b, 0) / rows.length).to.be.closeTo(stage.canvasY(high), 1.5);

    // 4. Ctrl+Z on the chart removes it.
    chart.focus();
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, composed: true }));
    expect(coreOf(chart).drawings.current()).to.deep.equal([]);
    await stage.painted();
    expect(
      rowsWithColor(
        stage.canvas(),
        MAGENTA,
        Math.round(u.bbox.left + 5),
        Math.round(u.bbox.left + u.bbox.width - 5),
        40,
      ),
    ).to.deep.equal([]);
    expect(chart.context.get()!.selection, 'the selection (an earlier step) stays').to.not.equal(null);
  });
});
