// What the drawing layer loads when it first has something to draw or a tool to place (issue #12):
// the pointer/keyboard state machine, the painter and the keyboard drawing keys, a chunk of their own in
// the bundle.
export { DrawingInteraction } from '../../src/render/drawings/drawing-interaction.js';
export { paintDrawings } from '../../src/render/drawings/paint-drawings.js';
export { KeyboardDrawingKeys } from './keyboard-drawing-keys.js';
