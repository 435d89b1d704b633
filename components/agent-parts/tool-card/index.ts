export {
  renderToolCard,
  formatElapsed,
  formatJson,
  type ToolCardOptions,
  type ToolCardStrings,
} from './render-tool-card.js';
