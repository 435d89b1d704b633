/** Inline content of a Markdown block. Text is always kept as text; nothing here is HTML. */
export type InlineNode =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly InlineNode[] }
  | { readonly type: 'em'; readonly children: readonly InlineNode[] }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly InlineNode[] }
  | { readonly type: 'br' };

/** One block of a Markdown document. */
export type MarkdownBlock =
  | { readonly type: 'paragraph'; readonly children: readonly InlineNode[] }
  | { readonly type: 'heading'; readonly level: number; readonly children: readonly InlineNode[] }
  | { readonly type: 'code'; readonly lang: string; readonly text: string }
  | { readonly type: 'list'; readonly ordered: boolean; readonly start: number; readonly items: readonly (readonly MarkdownBlock[])[] }
  | { readonly type: 'quote'; readonly children: readonly MarkdownBlock[] }
  | { readonly type: 'table'; readonly header: readonly (readonly InlineNode[])[]; readonly rows: readonly (readonly (readonly InlineNode[])[])[] }
  | { readonly type: 'rule' };

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The normalised URL when `url` is an absolute `http:`, `https:` or `mailto:` URL, else `null`.
 * Checked on the parsed URL, so tricks such as `java\tscript:` or `JaVaScRiPt:` are refused too.
 */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '' || /[\u0000-\u001f\u007f\s]/.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  return ALLOWED_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}>\s?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:\s+(.*))?$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * Parses the Markdown subset an assistant message uses: paragraphs, headings, fenced code,
 * bullet and numbered lists, block quotes, simple tables, rules, and inline code, bold, italic
 * and links. Unclosed constructs (a fence still streaming in) degrade to what has arrived.
 */
export function parseMarkdown(source: string): MarkdownBlock[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'));
}

function parseBlocks(lines: readonly string[]): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const close = lines[i].trim();
        if (close.startsWith(marker) && close.replace(new RegExp(`^\\${marker[0]}+`), '') === '' && close.length >= marker.length) {
          i++;
          break;
        }
        body.push(lines[i]);
        i++;
      }
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1].length, children: parseInline(heading[2]) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) inner.push(lines[i++].replace(QUOTE, ''));
      blocks.push({ type: 'quote', children: parseBlocks(inner) });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const parsed = parseList(lines, i);
      blocks.push(parsed.block);
      i = parsed.next;
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_DIVIDER.test(lines[i + 1]) && lines[i + 1].includes('-')) {
      const header = splitRow(line);
      const rows: InlineNode[][][] = [];
      i += 2;
      while (i < lines.length && lines[i].includes('|') && lines[i].trim() !== '') rows.push(splitRow(lines[i++]));
      blocks.push({ type: 'table', header, rows });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i].trim() !== '' && !startsBlock(lines[i])) paragraph.push(lines[i++]);
    if (paragraph.length === 0) paragraph.push(lines[i++]);
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.map((l) => l.trim()).join('\n')) });
  }
  return blocks;
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);
}

function splitRow(line: string): InlineNode[][] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => parseInline(cell.trim().replace(/\\\|/g, '|')));
}

/** A list starting at `start`; items continue over indented lines and single blank lines. */
function parseList(lines: readonly string[], start: number): { block: MarkdownBlock; next: number } {
  const first = LIST_ITEM.exec(lines[start])!;
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items: MarkdownBlock[][] = [];
  let current: string[] | null = null;
  let i = start;
  while (i < lines.length) {
    const line = lines[i];
    const item = LIST_ITEM.exec(line);
    if (item && item[1].length <= indent + 1 && /\d/.test(item[2]) === ordered) {
      if (current) items.push(parseBlocks(current));
      current = [item[3] ?? ''];
      i++;
      continue;
    }
    if (line.trim() === '') {
      // A blank line ends the list unless the list (or the item) goes on after it.
      const nextLine = lines[i + 1];
      if (nextLine === undefined) break;
      const nextItem = LIST_ITEM.exec(nextLine);
      const continues = (nextItem && nextItem[1].length <= indent + 1 && /\d/.test(nextItem[2]) === ordered) || /^\s{2,}\S/.test(nextLine);
      if (!continues) break;
      current?.push('');
      i++;
      continue;
    }
    if (/^\s+\S/.test(line) || (current && !startsBlock(line) && current[current.length - 1] !== '')) {
      // Indented: nested content of the item; unindented text right after: a lazy continuation.
      current?.push(line.replace(new RegExp(`^ {0,${indent + 4}}`), ''));
      i++;
      continue;
    }
    break;
  }
  if (current) items.push(parseBlocks(current));
  const startNumber = ordered ? Number.parseInt(first[2], 10) : 1;
  return { block: { type: 'list', ordered, start: Number.isFinite(startNumber) ? startNumber : 1, items }, next: i };
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|<>~]/;
const LINK = /^\[((?:[^[\]\\]|\\.)*)\]\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/;
const AUTOLINK = /^(?:https?:\/\/|mailto:)[^\s<>"'`]*[^\s<>"'`.,:;!?)\]}]/i;

/** Parses inline Markdown. Everything not recognised stays literal text. */
export function parseInline(source: string): InlineNode[] {
  const out: InlineNode[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\' && i + 1 < source.length && ESCAPABLE.test(source[i + 1])) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      flush();
      out.push({ type: 'br' });
      i++;
      continue;
    }
    if (ch === '`') {
      let n = 1;
      while (source[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      let close = source.indexOf(fence, i + n);
      while (close !== -1 && source[close + n] === '`') close = source.indexOf(fence, close + n + 1);
      if (close !== -1) {
        flush();
        const inner = source.slice(i + n, close);
        const trimmed = /^ .*\S.* $/s.test(inner) ? inner.slice(1, -1) : inner;
        out.push({ type: 'code', text: trimmed.replace(/\n/g, ' ') });
        i = close + n;
        continue;
      }
      text += fence;
      i += n;
      continue;
    }
    if ((ch === '*' || ch === '_') && source[i + 1] === ch) {
      const close = findClosing(source, i + 2, ch + ch);
      if (close !== -1 && canOpen(source, i, 2, ch)) {
        flush();
        out.push({ type: 'strong', children: parseInline(source.slice(i + 2, close)) });
        i = close + 2;
        continue;
      }
    } else if (ch === '*' || ch === '_') {
      const close = findClosing(source, i + 1, ch);
      if (close !== -1 && canOpen(source, i, 1, ch)) {
        flush();
        out.push({ type: 'em', children: parseInline(source.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }
    if (ch === '[') {
      const link = LINK.exec(source.slice(i));
      if (link) {
        const href = safeHref(link[2]);
        flush();
        if (href) out.push({ type: 'link', href, children: parseInline(link[1]) });
        // A link with any other scheme (javascript:, data:, relative…) is shown as the text it was.
        else out.push({ type: 'text', text: link[0] });
        i += link[0].length;
        continue;
      }
    }
    if ((ch === 'h' || ch === 'H' || ch === 'm' || ch === 'M') && (i === 0 || /[\s(]/.test(source[i - 1]))) {
      const auto = AUTOLINK.exec(source.slice(i));
      const href = auto ? safeHref(auto[0]) : null;
      if (auto && href) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: auto[0] }] });
        i += auto[0].length;
        continue;
      }
    }
    text += ch;
    i++;
  }
  flush();
  return out;
}

/** `*` may open anywhere before a non-space; `_` only at a word start (snake_case stays text). */
function canOpen(source: string, at: number, width: number, ch: string): boolean {
  const next = source[at + width];
  if (next === undefined || /\s/.test(next)) return false;
  if (ch === '_' && at > 0 && /[\p{L}\p{N}]/u.test(source[at - 1])) return false;
  return true;
}

/** Index of the closing delimiter (not preceded by a space, not inside a code span), or -1. */
function findClosing(source: string, from: number, delimiter: string): number {
  let i = from;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '\n' && source[i + 1] === '\n') return -1;
    if (ch === '`') {
      const close = source.indexOf('`', i + 1);
      if (close === -1) return -1;
      i = close + 1;
      continue;
    }
    if (source.startsWith(delimiter, i) && i > from && !/\s/.test(source[i - 1])) {
      const after = source[i + delimiter.length];
      // `**a**` must not close a single `*` early, and `_` must end at a word end.
      if (delimiter.length === 1 && after === delimiter) {
        i += 2;
        continue;
      }
      if (delimiter[0] === '_' && after !== undefined && /[\p{L}\p{N}]/u.test(after)) {
        i++;
        continue;
      }
      return i;
    }
    i++;
  }
  return -1;
}
