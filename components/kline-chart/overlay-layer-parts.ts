// What the overlay layer loads when the chart first has markers, a draggable or alert price line, a host
// primitive or a tooltip legend mode (issue #12): the marker painter and hit test, the alert bells, the price-line drag,
// the primitives' scales and the floating tooltip, a chunk of their own in the bundle
// (overlay-layer-controller.ts loadOverlayLayerParts).
export { paintMarkers } from '../../src/render/overlays/paint-markers.js';
export { paintAlertBells } from '../../src/render/overlays/paint-alert-bells.js';
export { markersUnder } from './marker-hover.js';
export { updateTooltip } from './overlay-tooltip.js';
export { PriceLineDrag } from './price-line-drag.js';
export { primitiveScales } from './primitive-scales.js';
export { ChartTooltip } from './chart-tooltip.js';
