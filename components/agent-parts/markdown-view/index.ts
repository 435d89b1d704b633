export { renderMarkdown, loadMarkdown, markdownParseStats, type RenderMarkdownOptions } from './render-markdown.js';
export { safeHref } from './safe-href.js';
export { linkHostHint } from './link-host-hint.js';
export { splitMarkdownChunks } from './split-markdown-chunks.js';
export type { MarkdownOp, MarkdownTag } from './markdown-op.js';
