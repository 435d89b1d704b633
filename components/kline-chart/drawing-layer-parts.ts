// What the drawing layer loads when it first has something to draw or a tool to place (issue #12):
// the pointer/keyboard state machine and the painter, a chunk of their own in the bundle.
export { DrawingInteraction } from '../../src/render/drawings/drawing-interaction.js';
export { paintDrawings } from '../../src/render/drawings/paint-drawings.js';
