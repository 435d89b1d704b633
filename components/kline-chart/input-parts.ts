// What the plot's input loads after the first paint (issue #12), one chunk: the touch gestures
// (pan-zoom-touch.ts) and the pane separators' drag and keys (pane-separator-drag.ts). Loaded by
// `loadInputParts()` (load-input-parts.ts); until it is here a finger pans and a separator's press
// or key waits for it.
export { TouchGestures } from './pan-zoom-touch.js';
export { SeparatorDrag } from './pane-separator-drag.js';
export { panZoomKey } from './pan-zoom-keys.js';
