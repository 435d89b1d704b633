import { CommandPalette } from './command-palette.js';

if (!customElements.get('kline-command-palette')) customElements.define('kline-command-palette', CommandPalette);
