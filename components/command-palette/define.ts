import { CommandPalette } from './command-palette.js';

if (!customElements.get('command-palette')) customElements.define('command-palette', CommandPalette);
