import type { ToolResult } from '../../src/protocol/index.js';

/** What a {@link CommandPaletteRunEvent} reports. */
export interface CommandPaletteRunDetail {
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly result: ToolResult;
}

/** Fired after the palette ran a tool (`command-palette-run`), bubbling and composed. */
export class CommandPaletteRunEvent extends CustomEvent<CommandPaletteRunDetail> {
  static readonly type = 'command-palette-run';
  constructor(detail: CommandPaletteRunDetail) {
    super(CommandPaletteRunEvent.type, { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'command-palette-run': CommandPaletteRunEvent;
  }
}
