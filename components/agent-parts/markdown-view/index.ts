export { renderMarkdown } from './render-markdown.js';
export { parseMarkdown, parseInline, safeHref, type MarkdownBlock, type InlineNode } from './parse-markdown.js';
