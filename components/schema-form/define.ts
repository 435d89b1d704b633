import { SchemaForm } from './schema-form.js';

if (!customElements.get('schema-form')) customElements.define('schema-form', SchemaForm);
