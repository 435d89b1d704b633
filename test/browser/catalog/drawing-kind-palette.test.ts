import { expect, fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/command-palette/define.js';
import type { CommandPalette } from '../../../components/command-palette/index.js';
import type { SchemaForm } from '../../../components/schema-form/index.js';
import { registerDrawingKind } from '../../../src/core/drawings/index.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

describe('command palette: registered drawing kinds', () => {
  it("drawing_create's form offers a kind registered after the chart was made, and not after it is removed", async () => {
    const chart = await readyChart();
    const off = registerDrawingKind({
      id: 'palette_dot',
      anchors: 1,
      label: 'Dot',
      description: 'a dot at the point',
      geometry: ({ anchors: [a] }) =>
        a ? [{ type: 'rect', x: a.x - 2, y: a.y - 2, w: 4, h: 4, fillAlpha: 1, stroke: false }] : [],
    });
    const kindOptions = async (): Promise<string[]> => {
      const palette = await fixture<CommandPalette>(
        html`<kline-command-palette .chart=${chart}></kline-command-palette>`,
      );
      await palette.open();
      await sendKeys({ type: 'create drawing' });
      await sendKeys({ press: 'Enter' });
      await waitFor(
        () => palette.shadowRoot!.querySelector('kline-schema-form') !== null,
        'the form of drawing_create',
      );
      const form = palette.shadowRoot!.querySelector<SchemaForm>('kline-schema-form')!;
      await form.updateComplete;
      const select = form.shadowRoot!.querySelector<HTMLSelectElement>('[data-field="kind"] select')!;
      const values = [...select.options].map((o) => o.value);
      palette.remove();
      return values;
    };
    try {
      const values = await kindOptions();
      expect(values).to.include('palette_dot');
      expect(values).to.include('trend_line');
    } finally {
      off();
    }
    expect(await kindOptions()).to.not.include('palette_dot');
  });
});
