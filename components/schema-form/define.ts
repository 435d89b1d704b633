import { SchemaForm } from './schema-form.js';

if (!customElements.get('kline-schema-form')) customElements.define('kline-schema-form', SchemaForm);
