// What the plot's input loads after the first paint (issue #12), one chunk: the touch gestures
// (pan-zoom-touch.ts), the pane separators' drag and keys (pane-separator-drag.ts) and the price axis's
// drag (price-axis-drag.ts). Loaded by `loadInputParts()` (load-input-parts.ts); until it is here a
// finger pans and a separator's or the price axis's press or key waits for it.
export { TouchGestures } from './pan-zoom-touch.js';
export { SeparatorDrag } from './pane-separator-drag.js';
export { panZoomKey } from './pan-zoom-keys.js';
export { PriceAxisDrag } from './price-axis-drag.js';
