export * from './marker-geometry.js';
export * from './marker-hit-test.js';
export * from './paint-markers.js';
export * from './paint-price-lines.js';
export * from './paint-watermark.js';
export * from './scale-font.js';
