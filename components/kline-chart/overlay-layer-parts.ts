// What the overlay layer loads when the chart first has markers, a draggable or alert price line, a host
// primitive or a tooltip legend mode (issue #12): the marker painter and hit test, the alert bells, the price-line drag,
// the markers under the pointer and the floating tooltip (overlay-layer-input.ts), the primitives' scales, a chunk of their own in the bundle
// (overlay-layer-controller.ts loadOverlayLayerParts).
export { paintMarkers } from '../../src/render/overlays/paint-markers.js';
export { paintAlertBells } from '../../src/render/overlays/paint-alert-bells.js';
export { OverlayLayerInput, overlayLayerInput } from './overlay-layer-input.js';
export { primitiveScales } from './primitive-scales.js';
