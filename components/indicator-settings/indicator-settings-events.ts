/** Apply was pressed with valid params (`indicator-settings-apply`), bubbling and composed. */
export class IndicatorSettingsApplyEvent extends CustomEvent<{
  readonly instanceId: string;
  readonly params: Readonly<Record<string, unknown>>;
}> {
  static readonly type = 'indicator-settings-apply';
  constructor(instanceId: string, params: Readonly<Record<string, unknown>>) {
    super(IndicatorSettingsApplyEvent.type, { detail: { instanceId, params }, bubbles: true, composed: true });
  }
}

/** Remove was pressed (`indicator-settings-remove`). */
export class IndicatorSettingsRemoveEvent extends CustomEvent<{ readonly instanceId: string }> {
  static readonly type = 'indicator-settings-remove';
  constructor(instanceId: string) {
    super(IndicatorSettingsRemoveEvent.type, { detail: { instanceId }, bubbles: true, composed: true });
  }
}

/** The popover asks to be closed: ✕, Cancel, Escape or a press outside it (`indicator-settings-close`). */
export class IndicatorSettingsCloseEvent extends CustomEvent<{ readonly instanceId: string }> {
  static readonly type = 'indicator-settings-close';
  constructor(instanceId: string) {
    super(IndicatorSettingsCloseEvent.type, { detail: { instanceId }, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'indicator-settings-apply': IndicatorSettingsApplyEvent;
    'indicator-settings-remove': IndicatorSettingsRemoveEvent;
    'indicator-settings-close': IndicatorSettingsCloseEvent;
  }
}
