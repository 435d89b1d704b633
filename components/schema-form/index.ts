/** A form generated from a TypeBox schema; reused by the indicator settings and the command palette. */
export { SchemaForm } from './schema-form.js';
export { SchemaFormChangeEvent, SchemaFormSubmitEvent, type SchemaFormDetail } from './schema-form-events.js';
export { schemaFieldKind, schemaOptions, type SchemaFieldKind } from './schema-field-kind.js';
export { parseFieldText, formatFieldText } from './schema-field-text.js';
export { schemaValueErrors, humanizeSchemaError } from './schema-value-errors.js';
