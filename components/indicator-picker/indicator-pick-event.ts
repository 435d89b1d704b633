/** Fired by `<kline-indicator-picker>` when a study is chosen (`indicator-pick`), bubbling and composed. */
export class IndicatorPickEvent extends CustomEvent<{ readonly definitionId: string }> {
  static readonly type = 'indicator-pick';
  constructor(definitionId: string) {
    super(IndicatorPickEvent.type, { detail: { definitionId }, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'indicator-pick': IndicatorPickEvent;
  }
}
