export { renderRunChanges, type RunChangesOptions, type RunChangesStrings } from './render-run-changes.js';
