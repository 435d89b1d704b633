import { html, nothing, type TemplateResult } from 'lit';
import { parseMarkdown, type InlineNode, type MarkdownBlock } from './parse-markdown.js';

/**
 * Renders model (or any untrusted) text as Markdown using only Lit templates: every piece of text
 * is bound as text, so `<img onerror=…>` shows as those characters and never becomes an element.
 * Links are emitted only for `http:`, `https:` and `mailto:` URLs and open in a new tab without
 * an opener.
 *
 * @example html`<div class="markdown">${renderMarkdown(message.text)}</div>`
 */
export function renderMarkdown(source: string): TemplateResult {
  return html`${parseMarkdown(source).map(renderBlock)}`;
}

function renderBlock(block: MarkdownBlock): TemplateResult {
  switch (block.type) {
    case 'paragraph':
      return html`<p>${renderInline(block.children)}</p>`;
    case 'heading':
      // Model headings are section titles inside a chat bubble, not document structure: h3–h6 only.
      return block.level <= 2
        ? html`<h3>${renderInline(block.children)}</h3>`
        : block.level === 3
          ? html`<h4>${renderInline(block.children)}</h4>`
          : html`<h5>${renderInline(block.children)}</h5>`;
    case 'code':
      return html`<pre class="code-block" data-lang=${block.lang || nothing}><code>${block.text}</code></pre>`;
    case 'list': {
      const items = block.items.map((item) => html`<li>${renderListItem(item)}</li>`);
      return block.ordered
        ? html`<ol start=${block.start === 1 ? nothing : String(block.start)}>${items}</ol>`
        : html`<ul>${items}</ul>`;
    }
    case 'quote':
      return html`<blockquote>${block.children.map(renderBlock)}</blockquote>`;
    case 'table':
      return html`<div class="table-wrap"><table>
        <thead><tr>${block.header.map((cell) => html`<th>${renderInline(cell)}</th>`)}</tr></thead>
        <tbody>${block.rows.map((row) => html`<tr>${row.map((cell) => html`<td>${renderInline(cell)}</td>`)}</tr>`)}</tbody>
      </table></div>`;
    case 'rule':
      return html`<hr />`;
  }
}

/** A tight item (one paragraph) renders without a `<p>` wrapper, like most chat UIs do. */
function renderListItem(blocks: readonly MarkdownBlock[]): TemplateResult {
  const [first, ...rest] = blocks;
  if (first?.type === 'paragraph') return html`${renderInline(first.children)}${rest.map(renderBlock)}`;
  return html`${blocks.map(renderBlock)}`;
}

function renderInline(nodes: readonly InlineNode[]): TemplateResult {
  return html`${nodes.map(renderNode)}`;
}

function renderNode(node: InlineNode): TemplateResult | string {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return html`<code>${node.text}</code>`;
    case 'strong':
      return html`<strong>${renderInline(node.children)}</strong>`;
    case 'em':
      return html`<em>${renderInline(node.children)}</em>`;
    case 'link':
      return html`<a href=${node.href} target="_blank" rel="noopener noreferrer">${renderInline(node.children)}</a>`;
    case 'br':
      return html`<br />`;
  }
}
