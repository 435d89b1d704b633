import { SchemaForm } from './schema-form.js';

// Defined only where there is a registry (a browser), so importing this module in Node (SSR) is safe.
if (typeof customElements !== 'undefined' && !customElements.get('kline-schema-form'))
  customElements.define('kline-schema-form', SchemaForm);
