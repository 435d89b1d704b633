import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { until } from 'lit/directives/until.js';
import type { MarkdownOp } from './markdown-op.js';
import { MarkdownChunkScanner } from './markdown-chunk-scanner.js';
import { splitMarkdownChunks } from './split-markdown-chunks.js';

/** Options of {@link renderMarkdown}. */
export interface RenderMarkdownOptions {
  /** The text is still streaming in: only its last chunk is parsed again on each call. */
  readonly streaming?: boolean;
}

type Tokenize = (chunk: string) => MarkdownOp[];
type OpenOp = Extract<MarkdownOp, { op: 'open' }>;

/** Chunks starting past this many characters of a message show as plain text (bounds the DOM). */
const MAX_FORMATTED_CHARS = 256 * 1024;
/** An open chunk longer than this shows as plain text until it is complete (streaming stays cheap). */
const OPEN_CHUNK_LIMIT = 16384;
/**
 * An open chunk up to this length is parsed again on every delta; a longer one only when it has
 * grown by a quarter since its last parse (the newer text shows as plain text until then), so the
 * parsing of a streamed block costs linear time in total, not quadratic.
 */
const OPEN_PARSE_ALWAYS = 4096;
const OPEN_GROWTH = 1.25;

let tokenize: Tokenize | null = null;
let loading: Promise<Tokenize> | null = null;

/**
 * Loads the tokenizer (markdown-it, in a chunk of its own so a chart-only page never fetches it).
 * {@link renderMarkdown} calls it on first use and shows plain text until it resolves.
 *
 * @example await loadMarkdown(); render(renderMarkdown('**hi**'), host);
 */
export function loadMarkdown(): Promise<void> {
  loading ??= import('./tokenize-markdown.js').then((module) => (tokenize = module.tokenizeMarkdown));
  return loading.then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
}

/**
 * Renders model (or any untrusted) text as Markdown (CommonMark plus GFM tables, task lists,
 * strikethrough and autolinks) using only Lit templates: every piece of text is bound as text, so
 * raw HTML such as `<img onerror=…>` shows as those characters and never becomes an element.
 * Links are emitted only for `http:`, `https:` and `mailto:` URLs, open in a new tab without an
 * opener, and show the real host beside a text that names another one; any other link stays the
 * text it was. Lists and quotes nest at most 8 deep (deeper text is shown flat). Finished chunks
 * are parsed once and cached by their text; while `streaming`, only the last chunk is parsed again.
 * Anything that fails renders the text as plain text, so one bad message never breaks the rest.
 *
 * @example html`<div class="markdown">${renderMarkdown(message.text, { streaming: message.streaming })}</div>`
 */
export function renderMarkdown(source: string, options: RenderMarkdownOptions = {}): TemplateResult {
  const streaming = options.streaming === true;
  return html`${guard([source, streaming, tokenize !== null], () => renderSource(source, streaming))}`;
}

function renderSource(source: string, streaming: boolean): unknown {
  try {
    if (!tokenize) {
      const fallback = plain(source);
      return until(
        loadMarkdown().then(
          () => renderSource(source, streaming),
          () => fallback,
        ),
        fallback,
      );
    }
    if (streaming) return renderStreaming(source);
    const cached = messages.get(source);
    if (cached) return cached;
    const chunks = splitMarkdownChunks(source);
    const finished: unknown[] = [];
    let offset = 0;
    for (const chunk of chunks.slice(0, -1)) {
      finished.push(chunkPart(chunk, offset, false));
      offset += chunk.length;
    }
    const result = layout(finished, chunkPart(chunks[chunks.length - 1], offset, false));
    messages.set(source, result);
    return result;
  } catch {
    return plain(source);
  }
}

/** A streaming message: its scanner and the parts of the chunks it has finished. */
interface Stream {
  readonly scanner: MarkdownChunkScanner;
  /** One part per finished chunk: a new array whenever a chunk is finished, else the same one. */
  parts: readonly unknown[];
}

/** The messages streaming now, the latest first (a few panels may stream at once). */
const streams: Stream[] = [];

/**
 * A streaming message costs what it gained since its last render: the scanner reads only its new
 * lines, a chunk that became final is parsed once (and cached by its text for the finished
 * message), the finished chunks' parts are one array Lit skips with one identity check while it is
 * the same, and only the last, open chunk is parsed again.
 */
function renderStreaming(source: string): TemplateResult {
  let stream: Stream | undefined;
  for (const candidate of streams)
    if (candidate.scanner.extendedBy(source) && candidate.scanner.source.length > (stream?.scanner.source.length ?? -1))
      stream = candidate;
  stream ??= { scanner: new MarkdownChunkScanner(), parts: [] };
  const at = streams.indexOf(stream);
  if (at !== 0) {
    if (at > 0) streams.splice(at, 1);
    streams.unshift(stream);
    if (streams.length > 4) streams.pop();
  }
  const { scanner } = stream;
  scanner.feed(source); // it extends the scanner's text: only the new lines are read
  const finished = scanner.finished;
  if (finished.length > stream.parts.length) {
    const parts = [...stream.parts];
    let offset = scanner.finishedLength;
    for (let i = finished.length - 1; i >= parts.length; i--) offset -= finished[i].length;
    for (let i = parts.length; i < finished.length; i++) {
      parts.push(chunkPart(finished[i], offset, false));
      offset += finished[i].length;
    }
    stream.parts = parts;
  }
  return layout(stream.parts, chunkPart(scanner.rest, scanner.finishedLength, true));
}

/**
 * One shape for streaming and finished messages, so the last streamed render and the finished one
 * share their DOM: the finished chunks (skipped while they are the same array) and the last chunk.
 */
function layout(finished: readonly unknown[], last: unknown): TemplateResult {
  return html`${guard([finished], () => finished)}${last}`;
}

/** A chunk that starts `offset` characters into its message; `open` while more text may join it. */
function chunkPart(chunk: string, offset: number, open: boolean): unknown {
  const formatted = offset < MAX_FORMATTED_CHARS;
  return guard([chunk, open, formatted], () =>
    !formatted ? plain(chunk) : open ? renderOpenChunk(chunk) : renderChunk(chunk),
  );
}

function renderOpenChunk(chunk: string): TemplateResult {
  if (chunk.length > OPEN_CHUNK_LIMIT) return plain(chunk);
  if (chunk.length > OPEN_PARSE_ALWAYS) {
    const previous = recentOpen.find((p) => chunk.length < p.chunk.length * OPEN_GROWTH && chunk.startsWith(p.chunk));
    if (previous)
      return html`${previous.result}${chunk.length > previous.chunk.length ? plain(chunk.slice(previous.chunk.length)) : nothing}`;
  }
  const result = build(chunk);
  recentOpen.unshift({ chunk, result });
  if (recentOpen.length > 4) recentOpen.pop();
  return result;
}

function renderChunk(chunk: string): TemplateResult {
  const cached = chunks.get(chunk);
  if (cached) return cached;
  const result = build(chunk);
  chunks.set(chunk, result);
  return result;
}

/** Parses so far and the characters they read (for tests and benchmarks: a cache hit parses nothing). */
const parseStats = { parses: 0, chars: 0 };

/**
 * How many times Markdown was parsed in this page, and how many characters those parses read.
 * Finished chunks and messages come from a cache, so rendering a long chat again, or streaming
 * into its last message, adds only the parses of text that is new.
 */
export function markdownParseStats(): { readonly parses: number; readonly chars: number } {
  return { ...parseStats };
}

function build(chunk: string): TemplateResult {
  if (!tokenize) return plain(chunk);
  parseStats.parses++;
  parseStats.chars += chunk.length;
  try {
    return fold(tokenize(chunk));
  } catch {
    return plain(chunk);
  }
}

function plain(text: string): TemplateResult {
  return html`<div class="plain" dir="auto">${text}</div>`;
}

interface Frame {
  readonly op: OpenOp | null;
  readonly children: unknown[];
}

/** Folds the flat op list into nested templates with an explicit stack (no recursion). */
function fold(ops: readonly MarkdownOp[]): TemplateResult {
  const root: Frame = { op: null, children: [] };
  const stack: Frame[] = [root];
  const closeTop = () => {
    const frame = stack.pop();
    if (frame?.op) stack[stack.length - 1].children.push(element(frame.op, frame.children, stack.length === 1));
  };
  for (const op of ops) {
    const children = stack[stack.length - 1].children;
    switch (op.op) {
      case 'open':
        stack.push({ op, children: [] });
        break;
      case 'close':
        if (stack.length > 1) closeTop();
        break;
      case 'text':
        children.push(op.text);
        break;
      case 'code':
        children.push(html`<code>${op.text}</code>`);
        break;
      case 'pre':
        children.push(
          html`<pre class="code-block" dir="ltr" data-lang=${op.lang || nothing}><code class=${op.lang ? `language-${op.lang}` : nothing}>${op.text}</code></pre>`,
        );
        break;
      case 'br':
        children.push(html`<br />`);
        break;
      case 'hr':
        children.push(html`<hr />`);
        break;
      case 'check':
        children.push(html`<input class="task-check" type="checkbox" disabled .checked=${op.checked} />`);
        break;
      case 'host':
        children.push(html`<span class="link-host">↗ ${op.host}</span>`);
        break;
      case 'plain':
        children.push(plain(op.text));
        break;
    }
  }
  while (stack.length > 1) closeTop();
  return html`${root.children}`;
}

/**
 * One element of the answer. A top-level block takes its direction from its own first letters
 * (`dir="auto"`): an Arabic paragraph in an English panel reads right to left with its bullets,
 * quote bar and table columns mirrored, and the next English paragraph reads left to right. Nested
 * blocks follow their top-level block, so a list's markers and its items agree.
 */
function element(op: OpenOp, c: unknown[], top: boolean): TemplateResult {
  const dir = top ? 'auto' : nothing;
  switch (op.tag) {
    case 'p':
      return html`<p dir=${dir}>${c}</p>`;
    // Model headings are section titles inside a chat bubble, not document structure: h3–h5 only.
    case 'h3':
      return html`<h3 dir=${dir}>${c}</h3>`;
    case 'h4':
      return html`<h4 dir=${dir}>${c}</h4>`;
    case 'h5':
      return html`<h5 dir=${dir}>${c}</h5>`;
    case 'ul':
      return html`<ul dir=${dir}>${c}</ul>`;
    case 'ol':
      return html`<ol dir=${dir} start=${op.start ?? nothing}>${c}</ol>`;
    case 'li':
      return op.task ? html`<li class="task">${c}</li>` : html`<li>${c}</li>`;
    case 'blockquote':
      return html`<blockquote dir=${dir}>${c}</blockquote>`;
    case 'table':
      return html`<div class="table-wrap" dir=${dir}><table>${c}</table></div>`;
    case 'thead':
      return html`<thead>${c}</thead>`;
    case 'tbody':
      return html`<tbody>${c}</tbody>`;
    case 'tr':
      return html`<tr>${c}</tr>`;
    case 'th':
      return html`<th class=${op.align ? `align-${op.align}` : nothing}>${c}</th>`;
    case 'td':
      return html`<td class=${op.align ? `align-${op.align}` : nothing}>${c}</td>`;
    case 'strong':
      return html`<strong>${c}</strong>`;
    case 'em':
      return html`<em>${c}</em>`;
    case 's':
      return html`<del>${c}</del>`;
    case 'a':
      return html`<a href=${op.href ?? nothing} target="_blank" rel="noopener noreferrer">${c}</a>`;
  }
}

/** A Map that forgets its oldest entries beyond a count and a total key length. */
class TextCache<V> {
  readonly #map = new Map<string, V>();
  #chars = 0;

  readonly #maxEntries: number;
  readonly #maxChars: number;

  constructor(maxEntries: number, maxChars: number) {
    this.#maxEntries = maxEntries;
    this.#maxChars = maxChars;
  }

  get(key: string): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.#map.has(key)) this.#map.delete(key);
    else this.#chars += key.length;
    this.#map.set(key, value);
    while (this.#map.size > this.#maxEntries || (this.#chars > this.#maxChars && this.#map.size > 1)) {
      const oldest = this.#map.keys().next().value as string;
      this.#map.delete(oldest);
      this.#chars -= oldest.length;
    }
  }
}

/** Finished chunks and whole finished messages, by text: a panel re-render parses nothing again. */
/** The last open chunks parsed (a few panels may stream at once). */
const recentOpen: { readonly chunk: string; readonly result: TemplateResult }[] = [];
const chunks = new TextCache<TemplateResult>(2000, 4_000_000);
const messages = new TextCache<TemplateResult>(300, 4_000_000);
