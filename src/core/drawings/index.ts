/** Drawings: the model (kinds, validation), pure geometry, hit testing, copying and magnet snapping. */
export * from './drawing.js';
export * from './drawing-kinds.js';
export * from './describe-drawing-kinds.js';
export type * from './drawing-kind.js';
export type * from './drawing-primitive.js';
export * from './drawing-kind-registry.js';
export * from './get-drawing-kind.js';
export type * from './drawing-mapper.js';
export * from './css-color.js';
export * from './format-price.js';
export * from './pixel-math.js';
export * from './validate-drawing.js';
export * from './drawing-geometry.js';
export * from './median-bar-spacing.js';
export * from './snap-to-bar.js';
export { FIB_LEVELS, fibLevelPrice } from './kinds/fib-retracement.js';
export { PRICE_RANGE_FILL_ALPHA } from './kinds/price-range.js';
export { RECTANGLE_FILL_ALPHA } from './kinds/rectangle.js';
