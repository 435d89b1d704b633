// What the drawing layer loads when it first has something to draw or a tool to place (issue #12):
// the pointer/keyboard state machine with the layer's pointer and key handling, the painter, the keyboard drawing keys, magnet snapping and
// adding and moving drawings (with the drawings core they need: kinds' geometry, validation), a chunk of their
// own in the bundle.
export { createLayerInteraction } from './drawing-layer-interaction.js';
export { paintDrawings } from '../../src/render/drawings/paint-drawings.js';
export { KeyboardDrawingKeys } from './keyboard-drawing-keys.js';
export { KeyCrosshair } from './key-crosshair.js';
export { DrawingLayerInput } from './drawing-layer-input.js';
