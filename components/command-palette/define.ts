import { CommandPalette } from './command-palette.js';

// Defined only where there is a registry (a browser), so importing this module in Node (SSR) is safe.
if (typeof customElements !== 'undefined' && !customElements.get('kline-command-palette'))
  customElements.define('kline-command-palette', CommandPalette);
