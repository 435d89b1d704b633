import type { ChartContext } from '../../src/protocol/index.js';
import type { ChartCore } from '../../src/core/commands/index.js';
import { effect } from '../../src/core/store/index.js';

export interface ChartEventsOptions {
  readonly core: ChartCore;
  readonly emit: (type: string, detail: unknown) => void;
  readonly requestUpdate: () => void;
}

/**
 * Turns core changes into the element's events: `kline-change` (one per committed action, with
 * symbol, period, source and reason; the internal `loading` flag is not an action),
 * `kline-context-change`, `kline-selection-change` and `kline-error`. Subscribed for the element's
 * whole life, connected or not: a host may feed a detached chart and still hear about it. The
 * subscriptions reference only the element's own core, so nothing outlives the element.
 */
export function subscribeChartEvents(options: ChartEventsOptions): void {
  const { core, emit, requestUpdate } = options;
  core.onError((e) => emit('kline-error', e));
  core.store.onCommit((info) => {
    const reason = core.reasonFor(info);
    // `loading` is a flag, not an action; `sync` loads the bars an undo/redo already reported.
    if (info.name !== 'loading' && reason !== 'sync') {
      const target = core.store.peek('target');
      emit('kline-change', {
        action: info.name,
        undoable: info.undoable,
        replay: info.replay,
        symbol: target?.symbol ?? null,
        period: target?.period ?? null,
        source: target?.sourceId ?? null,
        reason,
      });
    }
    // Panning and zooming repaint canvases only; the template depends on the view only through
    // comparisons (percent base: the first visible bar) and the selected drawing's floating editor.
    const viewOnly = info.changed.length === 1 && info.changed[0] === 'view' && !info.replay;
    const store = core.store;
    if (!viewOnly || store.peek('comparisons').length > 0 || store.peek('drawingSelection').length > 0) requestUpdate();
  });
  let lastContext: ChartContext | null = null;
  effect(() => {
    const ctx = core.context.get();
    if (ctx === lastContext) return;
    const selectionChanged =
      ctx?.selection?.from !== lastContext?.selection?.from || ctx?.selection?.to !== lastContext?.selection?.to;
    lastContext = ctx;
    emit('kline-context-change', { context: ctx });
    if (selectionChanged) emit('kline-selection-change', { selection: ctx?.selection ?? null });
  });
}
