// What the plot's input loads after the first paint (issue #12), one chunk: what a press, drag, wheel or
// key on the plot does, with the touch gestures and the plot's keys (pan-zoom-input.ts, pan-zoom-touch.ts,
// pan-zoom-keys.ts), the pane separators' drag and keys (pane-separator-drag.ts) and the price axis's
// drag (price-axis-drag.ts), and which of the chart's own keys (`?`, Shift+F…) a key press is (chart-keys.ts).
// Loaded by `loadInputParts()` (load-input-parts.ts); until it is here a press, wheel or key the plot takes
// is claimed and handled when it arrives.
export { PanZoomInput } from './pan-zoom-input.js';
export { SeparatorDrag } from './pane-separator-drag.js';
export { PriceAxisDrag } from './price-axis-drag.js';
export { chartKey } from './chart-keys.js';
