export { buildContextChips, sameChipsShown, type ContextChip, type ContextChipLabels } from './build-context-chips.js';
export { pendingContextChips, renderContextChips, type ContextChipsStrings } from './render-context-chips.js';
