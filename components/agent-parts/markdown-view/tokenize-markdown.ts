import markdownIt, { type MarkdownIt, type Token } from 'markdown-it';
import type { MarkdownOp, MarkdownTag } from './markdown-op.js';
import { linkHostHint } from './link-host-hint.js';
import { safeHref } from './safe-href.js';

/** Lists and quotes nest at most this deep as elements; deeper ones show their text flat. */
export const MAX_MARKDOWN_DEPTH = 8;
/** Emphasis, strong, strikethrough and links nest at most this deep; deeper markers are dropped. */
const MAX_INLINE_DEPTH = 8;
/** A chunk that would render more steps than this shows as plain text instead. */
export const MAX_MARKDOWN_OPS = 20000;
/**
 * markdown-it's own nesting bound (block and inline levels). It keeps its recursion shallow and
 * its link-label scan cheap (that scan costs about this factor per `[`); a container it cuts off
 * is detected below and its lines are shown as text, so nothing is lost.
 */
const PARSER_NESTING = 20;

let parser: MarkdownIt | null = null;

/**
 * CommonMark plus GFM tables and strikethrough, never raw HTML (`<b>` stays the text `<b>`).
 * Links are accepted only where {@link safeHref} accepts them; any other `[text](target)` stays
 * literal text, exactly as written. Link text is shown as written (no punycode decoding, which
 * would turn `xn--pypal-4ve.com` into a look-alike).
 */
function markdownParser(): MarkdownIt {
  if (parser) return parser;
  const md = markdownIt('commonmark', { html: false, linkify: false, typographer: false, maxNesting: PARSER_NESTING });
  md.enable(['table', 'strikethrough']);
  md.disable(['html_block', 'html_inline']);
  md.validateLink = (url: string) => safeHref(url) !== null;
  md.normalizeLinkText = (text: string) => text;
  parser = md;
  return md;
}

const HEADING_TAG: Readonly<Record<string, MarkdownTag>> = { h1: 'h3', h2: 'h3', h3: 'h4' };
const TASK_MARKER = /^\[([ xX])\](?:[ \t]+|$)/;
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<>"'`]*[^\s<>"'`.,:;!?)\]}*_~]/gi;

/**
 * Tokenizes one chunk (see {@link splitMarkdownChunks}) into a flat, bounded list of
 * {@link MarkdownOp}s with markdown-it, whose tokenizer is linear on pathological input. Depth is
 * capped ({@link MAX_MARKDOWN_DEPTH}), the walk is iterative, and a chunk that would exceed
 * {@link MAX_MARKDOWN_OPS} comes back as one `plain` op. Imports no DOM: runs in Node.
 *
 * @example tokenizeMarkdown('**hi**') // open p, open strong, text 'hi', close, close
 */
export function tokenizeMarkdown(chunk: string): MarkdownOp[] {
  const tokens = markdownParser().parse(chunk, {});
  const ops = new OpWriter(chunk).write(tokens);
  return ops.length > MAX_MARKDOWN_OPS ? [{ op: 'plain', text: chunk }] : ops;
}

class OpWriter {
  readonly #ops: MarkdownOp[] = [];
  /** For every open block token: whether it became an element (else its close is dropped too). */
  readonly #blocks: boolean[] = [];
  #depth = 0;
  #flat = 0;
  /** List and quote markers of flattened containers, shown before their next text. */
  #prefix = '';
  #check: boolean | null = null;
  #lines: string[] | null = null;

  readonly #source: string;

  constructor(source: string) {
    this.#source = source;
  }

  write(tokens: readonly Token[]): MarkdownOp[] {
    for (let i = 0; i < tokens.length; i++) {
      if (this.#ops.length > MAX_MARKDOWN_OPS) break;
      const token = tokens[i];
      switch (token.type) {
        case 'bullet_list_open':
        case 'ordered_list_open':
        case 'blockquote_open':
          this.#openContainer(token);
          break;
        case 'bullet_list_close':
        case 'ordered_list_close':
        case 'blockquote_close':
          this.#closeContainer();
          break;
        case 'list_item_open':
          this.#openItem(token, tokens[i + 1], tokens[i + 2]);
          break;
        case 'paragraph_open':
          this.#open(token.hidden && this.#flat === 0 ? null : { op: 'open', tag: 'p' });
          break;
        case 'heading_open':
          this.#open({ op: 'open', tag: HEADING_TAG[token.tag] ?? 'h5' });
          break;
        case 'table_open':
        case 'thead_open':
        case 'tbody_open':
        case 'tr_open':
          this.#open({ op: 'open', tag: token.tag as MarkdownTag });
          break;
        case 'th_open':
        case 'td_open': {
          const align = /text-align:(left|center|right)/.exec(String(token.attrGet('style') ?? ''))?.[1] as
            | 'left'
            | 'center'
            | 'right'
            | undefined;
          this.#open(
            align
              ? { op: 'open', tag: token.tag as MarkdownTag, align }
              : { op: 'open', tag: token.tag as MarkdownTag },
          );
          break;
        }
        case 'inline':
          this.#inline(token.children ?? []);
          break;
        case 'fence':
        case 'code_block': {
          this.#flushPrefix();
          const lang = token.type === 'fence' ? (/^[\w#+.-]{1,32}/.exec(token.info.trim())?.[0] ?? '') : '';
          this.#ops.push({ op: 'pre', lang, text: token.content.replace(/\n$/, '') });
          break;
        }
        case 'hr':
          this.#ops.push({ op: 'hr' });
          break;
        default:
          if (token.nesting === 1) this.#open(null);
          else if (token.nesting === -1) this.#close();
          else if (token.content) this.#text(token.content);
      }
    }
    while (this.#blocks.length > 0) this.#close();
    return this.#ops;
  }

  #open(op: MarkdownOp | null): void {
    if (op) this.#ops.push(op);
    this.#blocks.push(op !== null);
  }

  #close(): void {
    if (this.#blocks.pop()) this.#ops.push({ op: 'close' });
  }

  #openContainer(token: Token): void {
    if (this.#flat === 0 && this.#depth < MAX_MARKDOWN_DEPTH) {
      this.#depth++;
      if (token.type === 'blockquote_open') this.#open({ op: 'open', tag: 'blockquote' });
      else if (token.type === 'bullet_list_open') this.#open({ op: 'open', tag: 'ul' });
      else {
        const start = Number(token.attrGet('start') ?? 1);
        this.#open(
          Number.isSafeInteger(start) && start !== 1 ? { op: 'open', tag: 'ol', start } : { op: 'open', tag: 'ol' },
        );
      }
    } else {
      this.#flat++;
      this.#open(null);
      if (token.type === 'blockquote_open') this.#prefix += '> ';
    }
    this.#recoverCutOff(token);
  }

  #closeContainer(): void {
    if (this.#blocks[this.#blocks.length - 1]) this.#depth--;
    else this.#flat = Math.max(0, this.#flat - 1);
    this.#close();
  }

  #openItem(token: Token, next: Token | undefined, inline: Token | undefined): void {
    const first = next?.type === 'paragraph_open' && inline?.type === 'inline' ? inline.children?.[0] : undefined;
    const task = first?.type === 'text' ? TASK_MARKER.exec(first.content) : null;
    if (task && first) {
      first.content = first.content.slice(task[0].length);
      this.#check = task[1] !== ' ';
    }
    if (this.#flat === 0) {
      this.#open(task ? { op: 'open', tag: 'li', task: true } : { op: 'open', tag: 'li' });
    } else {
      this.#open(null);
      this.#prefix += `${token.info}${token.markup} `;
    }
    this.#recoverCutOff(token);
  }

  /**
   * markdown-it stops descending at its nesting bound and drops what lies deeper; such a container
   * is the last level it opened. Its source lines are shown as plain text in its place.
   */
  #recoverCutOff(token: Token): void {
    // Only the outermost cut-off container: a list at the bound has its items one level deeper.
    if (token.level !== PARSER_NESTING - 1 || !token.map) return;
    this.#lines ??= this.#source.replace(/\r\n?/g, '\n').split('\n');
    const text = this.#lines.slice(token.map[0], token.map[1]).join('\n').trim();
    this.#prefix = '';
    if (text) this.#ops.push({ op: 'plain', text });
  }

  #flushPrefix(): void {
    if (this.#prefix) this.#ops.push({ op: 'text', text: this.#prefix });
    this.#prefix = '';
  }

  #text(text: string): void {
    this.#ops.push({ op: 'text', text });
  }

  #inline(children: readonly Token[]): void {
    this.#flushPrefix();
    if (this.#check !== null) {
      this.#ops.push({ op: 'check', checked: this.#check });
      this.#check = null;
    }
    const opened: boolean[] = [];
    let depth = 0;
    let link: { text: string; href: string } | null = null;
    for (const token of children) {
      switch (token.type) {
        case 'text':
          if (link) {
            link.text += token.content;
            this.#text(token.content);
          } else {
            this.#autolinked(token.content);
          }
          break;
        case 'code_inline':
          if (link) link.text += token.content;
          this.#ops.push({ op: 'code', text: token.content });
          break;
        case 'softbreak':
        case 'hardbreak':
          this.#ops.push({ op: 'br' });
          break;
        case 'em_open':
        case 'strong_open':
        case 's_open': {
          const emit = depth < MAX_INLINE_DEPTH;
          if (emit) {
            depth++;
            this.#ops.push({
              op: 'open',
              tag: token.type === 'em_open' ? 'em' : token.type === 'strong_open' ? 'strong' : 's',
            });
          }
          opened.push(emit);
          break;
        }
        case 'link_open': {
          const href: string | null = link ? null : safeHref(String(token.attrGet('href') ?? ''));
          if (href) {
            link = { text: '', href };
            this.#ops.push({ op: 'open', tag: 'a', href });
          }
          opened.push(href !== null);
          break;
        }
        case 'image': {
          // Never an <img> (it would load on its own): a link to the image, its alt text as label.
          const alt = (token.children ?? []).map((child) => child.content).join('');
          const href: string | null = link ? null : safeHref(String(token.attrGet('src') ?? ''));
          if (href) this.#link(alt || href, href);
          else {
            // Inside a link the alt text is part of what the reader takes for its target.
            if (link) link.text += alt;
            this.#text(alt);
          }
          break;
        }
        default:
          if (token.nesting === -1) {
            const emitted = opened.pop();
            if (!emitted) break;
            this.#ops.push({ op: 'close' });
            if (token.type === 'link_close' && link) {
              const host = linkHostHint(link.text, link.href);
              if (host) this.#ops.push({ op: 'host', host });
              link = null;
            } else {
              depth--;
            }
          } else if (token.nesting === 1) {
            opened.push(false);
          } else if (token.content) {
            if (link) link.text += token.content;
            this.#text(token.content);
          }
      }
    }
    while (opened.length > 0) if (opened.pop()) this.#ops.push({ op: 'close' });
  }

  /** Text with bare `http(s)://…` and `www.…` URLs turned into links (GFM autolinks). */
  #autolinked(text: string): void {
    let last = 0;
    BARE_URL.lastIndex = 0;
    for (let match = BARE_URL.exec(text); match; match = BARE_URL.exec(text)) {
      const url = match[0];
      const href = safeHref(url.startsWith('www.') ? `https://${url}` : url);
      if (!href) continue;
      if (match.index > last) this.#text(text.slice(last, match.index));
      this.#link(url, href);
      last = match.index + url.length;
    }
    if (last < text.length) this.#text(last === 0 ? text : text.slice(last));
  }

  #link(text: string, href: string): void {
    this.#ops.push({ op: 'open', tag: 'a', href }, { op: 'text', text }, { op: 'close' });
    const host = linkHostHint(text, href);
    if (host) this.#ops.push({ op: 'host', host });
  }
}
