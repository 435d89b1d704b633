/** Drawings: the model (kinds, validation), pure geometry, hit testing, copying and magnet snapping. */
export * from './drawing.js';
export * from './drawing-kinds.js';
export type * from './drawing-mapper.js';
export * from './css-color.js';
export * from './format-price.js';
export * from './pixel-math.js';
export * from './validate-drawing.js';
export * from './drawing-geometry.js';
export * from './snap-to-bar.js';
