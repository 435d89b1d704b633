/** What a {@link SchemaForm} reports: the values as typed, whether they pass the schema, field errors. */
export interface SchemaFormDetail {
  readonly value: Readonly<Record<string, unknown>>;
  readonly valid: boolean;
  /** First error per field name (`''` for the object itself). */
  readonly errors: Readonly<Record<string, string>>;
}

/** Fired on every edit (`schema-form-change`), bubbling and composed. */
export class SchemaFormChangeEvent extends CustomEvent<SchemaFormDetail> {
  static readonly type = 'schema-form-change';
  constructor(detail: SchemaFormDetail) {
    super(SchemaFormChangeEvent.type, { detail, bubbles: true, composed: true });
  }
}

/** Fired when the form is submitted (Enter) with valid values (`schema-form-submit`). */
export class SchemaFormSubmitEvent extends CustomEvent<SchemaFormDetail> {
  static readonly type = 'schema-form-submit';
  constructor(detail: SchemaFormDetail) {
    super(SchemaFormSubmitEvent.type, { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'schema-form-change': SchemaFormChangeEvent;
    'schema-form-submit': SchemaFormSubmitEvent;
  }
}
