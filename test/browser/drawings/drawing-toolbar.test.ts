import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { DRAWING_KINDS } from '../../../src/core/drawings/index.js';
import { drawingStrings, renderDrawingToolbar } from '../../../components/drawing-toolbar/index.js';
import { renderDrawingEditor, toHexColor } from '../../../components/drawing-editor/index.js';
import { createDrawingStage, type DrawingStage } from './drawing-stage.js';
import { loadLocale } from '../../../components/i18n/index.js';
import { waitFor } from '../helpers/wait-for.js';

describe('drawing toolbar and floating editor', () => {
  let stage: DrawingStage;
  let host: HTMLElement;
  beforeEach(async () => {
    stage = await createDrawingStage();
    host = document.createElement('div');
    document.body.appendChild(host);
  });
  afterEach(() => {
    stage.destroy();
    host.remove();
  });

  function renderToolbar(lang: 'en' | 'zh-CN' = 'en'): void {
    const c = stage.controller;
    render(
      renderDrawingToolbar(
        {
          tool: c.tool,
          magnet: c.magnet,
          hasSelection: stage.core.store.peek('drawingSelection').length > 0,
          strings: drawingStrings(lang),
        },
        {
          setTool: (t) => c.setTool(t),
          setMagnet: (on) => c.setMagnet(on),
          copy: () => void c.copySelection(),
          delete: () => void c.deleteSelection(),
        },
      ),
      host,
    );
  }

  it('lists select, range select, the twelve kinds, magnet, copy and delete, each with an accessible name', async () => {
    renderToolbar();
    const buttons = [...host.querySelectorAll('button')];
    expect(buttons.map((b) => b.dataset.tool)).to.deep.equal([
      'select',
      'range-select',
      ...DRAWING_KINDS,
      'magnet',
      'copy',
      'delete',
    ]);
    for (const b of buttons) expect(b.getAttribute('aria-label'), b.dataset.tool).to.match(/\S{3,}/);
    expect(new Set(buttons.map((b) => b.getAttribute('aria-label'))).size).to.equal(
      buttons.length,
      'names are distinct',
    );
    const bar = host.querySelector('[part=drawing-toolbar]')!;
    expect(bar.getAttribute('role')).to.equal('toolbar');
    expect(bar.getAttribute('aria-orientation')).to.equal('vertical');
    expect(bar.getAttribute('aria-label')).to.equal('Drawing tools');
    expect(host.querySelector<HTMLButtonElement>('[data-tool=select]')!.getAttribute('aria-pressed')).to.equal('true');
    expect(host.querySelector<HTMLButtonElement>('[data-tool=copy]')!.disabled, 'nothing selected').to.equal(true);
    await loadLocale('zh-CN'); // the built-in translation is a lazy chunk
    renderToolbar('zh-CN');
    expect(host.querySelector('[data-tool=trend_line]')!.getAttribute('aria-label')).to.equal('趋势线');
  });

  it('its buttons switch the tool and the magnet, and copy/delete act on the selection', async () => {
    renderToolbar();
    host.querySelector<HTMLButtonElement>('[data-tool=fib_retracement]')!.click();
    expect(stage.controller.tool).to.equal('fib_retracement');
    renderToolbar();
    expect(host.querySelector('[data-tool=fib_retracement]')!.getAttribute('aria-pressed')).to.equal('true');
    host.querySelector<HTMLButtonElement>('[data-tool=magnet]')!.click();
    expect(stage.controller.magnet).to.equal(true);
    const bars = stage.core.store.peek('series')!.bars;
    const r = await stage.core.tools.execute('drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: bars.time[bars.length - 3], price: 50 }],
    });
    stage.core.drawings.select([(r as { data: { id: string } }).data.id]);
    renderToolbar();
    host.querySelector<HTMLButtonElement>('[data-tool=copy]')!.click();
    await waitFor(() => stage.core.drawings.current().length === 2, 'the copy');
    expect(stage.core.store.history.undoLabel).to.equal('drawings_copy');
    renderToolbar();
    host.querySelector<HTMLButtonElement>('[data-tool=delete]')!.click();
    await waitFor(() => stage.core.drawings.current().length === 1, 'the copy (selected) deleted');
  });

  it('the floating editor writes colour, width, dash, label and lock through drawing_update', async () => {
    const bars = stage.core.store.peek('series')!.bars;
    const n = bars.length;
    const r = await stage.core.tools.execute('drawing_create', {
      kind: 'trend_line',
      points: [
        { time: bars.time[n - 30], price: bars.low[n - 30] },
        { time: bars.time[n - 10], price: bars.high[n - 10] },
      ],
      style: { color: 'red' },
    });
    const id = (r as { data: { id: string } }).data.id;
    const draw = () =>
      render(
        renderDrawingEditor(
          { target: stage.controller.editorTarget(), strings: drawingStrings('en') },
          { edit: (i, change) => void stage.controller.edit(i, change) },
        ),
        host,
      );
    draw();
    expect(host.querySelector('.drawing-editor'), 'hidden without a selection').to.equal(null);
    stage.core.drawings.select([id]);
    draw();
    const editor = host.querySelector<HTMLElement>('.drawing-editor')!;
    expect(editor.dataset.drawingId).to.equal(id);
    const color = editor.querySelector<HTMLInputElement>('input[type=color]')!;
    expect(color.value).to.equal('#ff0000');
    const first = () => stage.core.drawings.current()[0];
    color.value = '#00aa00';
    color.dispatchEvent(new Event('change'));
    await waitFor(() => first().style.color === '#00aa00', 'the colour applied');
    const [width, dash] = editor.querySelectorAll('select');
    width.value = '4';
    width.dispatchEvent(new Event('change'));
    await waitFor(() => first().style.width === 4, 'the width applied');
    dash.value = 'dotted';
    dash.dispatchEvent(new Event('change'));
    await waitFor(() => first().style.dash === 'dotted', 'the dash applied');
    const label = editor.querySelector<HTMLInputElement>('input[type=text]')!;
    label.value = 'breakout';
    label.dispatchEvent(new Event('change'));
    await waitFor(() => first().label === 'breakout', 'the label applied');
    let d = stage.core.drawings.current()[0];
    expect(d.style).to.deep.equal({ color: '#00aa00', width: 4, dash: 'dotted' });
    expect(d.label).to.equal('breakout');
    // Keys typed in the editor stay there: Delete in the label does not delete the drawing.
    let reached = false;
    const spy = () => (reached = true);
    host.addEventListener('keydown', spy);
    label.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true, composed: true }));
    host.removeEventListener('keydown', spy);
    expect(reached).to.equal(false);
    editor.querySelector<HTMLButtonElement>('button')!.click();
    await waitFor(() => first().locked === true, 'the lock applied');
    d = stage.core.drawings.current()[0];
    expect(d.locked).to.equal(true);
    draw();
    expect(host.querySelector<HTMLInputElement>('input[type=color]')!.disabled, 'locked: read-only').to.equal(true);
    expect(host.querySelector('button')!.getAttribute('aria-label')).to.equal('Unlock');
    // Five edits, five undo steps.
    for (let i = 0; i < 5; i++) expect(stage.core.undo()).to.equal('drawing_update');
    expect(stage.core.drawings.current()[0].style.color).to.equal('red');
  });

  it('toHexColor converts names and rgb() for the colour input', () => {
    expect(toHexColor('red')).to.equal('#ff0000');
    expect(toHexColor('rgb(0, 128, 255)')).to.equal('#0080ff');
    expect(toHexColor('#2962FF')).to.equal('#2962ff');
  });
});
