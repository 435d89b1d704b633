/** A line's style as the popover sends it: only the fields the user changed. */
export interface IndicatorLineStyle {
  readonly color?: string;
  readonly width?: number;
  readonly visible?: boolean;
}

/** What Apply asks for: the `indicators_update` input (styles and visible only when changed). */
export interface IndicatorSettingsApplyDetail {
  readonly instanceId: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly styles?: Readonly<Record<string, IndicatorLineStyle>>;
  readonly visible?: boolean;
}

/** Apply was pressed with valid params (`indicator-settings-apply`), bubbling and composed. */
export class IndicatorSettingsApplyEvent extends CustomEvent<IndicatorSettingsApplyDetail> {
  static readonly type = 'indicator-settings-apply';
  constructor(
    instanceId: string,
    params: Readonly<Record<string, unknown>>,
    extra: Pick<IndicatorSettingsApplyDetail, 'styles' | 'visible'> = {},
  ) {
    super(IndicatorSettingsApplyEvent.type, {
      detail: { instanceId, params, ...extra },
      bubbles: true,
      composed: true,
    });
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
