// What the drawing layer loads when it first has something to draw or a tool to place (issue #12): the layer
// itself (drawing-layer.ts: the pointer/keyboard state machine with the layer's pointer and key handling, the
// painter, its commands and its pane mapper), the keyboard drawing keys, magnet snapping and adding and moving
// drawings (with the drawings core they need: kinds' geometry, validation), a chunk of their own in the bundle.
export { DrawingLayer } from './drawing-layer.js';
export { KeyboardDrawingKeys } from './keyboard-drawing-keys.js';
export { KeyCrosshair } from './key-crosshair.js';
