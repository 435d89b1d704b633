/** The command palette (Ctrl/Cmd+K): every chart tool, searchable, with a generated form to run it. */
export { CommandPalette, type ToolsHost } from './command-palette.js';
export { CommandPaletteRunEvent, type CommandPaletteRunDetail } from './command-palette-events.js';
export { filterTools } from './filter-tools.js';
export { initialToolInput } from './initial-tool-input.js';
export { paletteStrings, type PaletteStrings } from './palette-strings.js';
export { chartDialogStyles, commandPaletteStyles } from './command-palette.styles.js';
