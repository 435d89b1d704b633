const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/;
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|\r?$)/;

/**
 * The cutting of {@link splitMarkdownChunks}, kept between calls: fed a text that extends the one
 * it was fed before (a streaming message), it reads only the lines that are new, so following a
 * message as it grows costs linear time in total, not linear time per call. Fed any other text it
 * starts over. Cuts depend on complete lines only: a line is read once its newline has arrived.
 *
 * @example
 * const scanner = new MarkdownChunkScanner(0);
 * scanner.feed('# A\n\ntext\nmo'); // scanner.finished: ['# A\n\n'], scanner.rest: 'text\nmo'
 */
export class MarkdownChunkScanner {
  readonly #minChunk: number;
  #source = '';
  #finished: string[] = [];
  /** Where the unfinished chunk starts. */
  #start = 0;
  /** Where the first line not read yet starts (it has no newline yet). */
  #pos = 0;
  #fence: string | null = null;
  #afterBlank = false;
  /** The last non-blank line outside a fence may belong to a list (indented, or an item). */
  #inList = false;

  constructor(minChunk = 1024) {
    this.#minChunk = minChunk;
  }

  /** The text fed last. */
  get source(): string {
    return this.#source;
  }

  /** The chunks that no text appended later can change, in order. */
  get finished(): readonly string[] {
    return this.#finished;
  }

  /** The text after the finished chunks: the last chunk, which text appended later may still extend or cut. */
  get rest(): string {
    return this.#source.slice(this.#start);
  }

  /** The number of characters in the finished chunks. */
  get finishedLength(): number {
    return this.#start;
  }

  /** Whether `source` begins with the text fed last, so {@link feed} would read only what follows it. */
  extendedBy(source: string): boolean {
    return source.length >= this.#source.length && source.startsWith(this.#source);
  }

  /** Reads `source`: only its new lines when it extends the text fed last, else all of it. */
  feed(source: string): void {
    if (!this.extendedBy(source)) this.#reset();
    this.#source = source;
    let pos = this.#pos;
    for (let end = source.indexOf('\n', pos); end !== -1; end = source.indexOf('\n', pos)) {
      this.#line(source, pos, end);
      pos = end + 1;
    }
    this.#pos = pos;
  }

  /** All chunks of the text fed last, as {@link splitMarkdownChunks} returns them. */
  chunks(): string[] {
    const rest = this.rest;
    return rest !== '' || this.#finished.length === 0 ? [...this.#finished, rest] : [...this.#finished];
  }

  #reset(): void {
    this.#finished = [];
    this.#start = 0;
    this.#pos = 0;
    this.#fence = null;
    this.#afterBlank = false;
    this.#inList = false;
  }

  /** One complete line, `source[pos, end)` (its newline at `end`). */
  #line(source: string, pos: number, end: number): void {
    const line = source.slice(pos, end);
    if (this.#fence !== null) {
      const close = FENCE_CLOSE.exec(line);
      if (close && close[1][0] === this.#fence[0] && close[1].length >= this.#fence.length) this.#fence = null;
      return;
    }
    if (line.trim() === '') {
      this.#afterBlank = true;
      return;
    }
    const item = LIST_MARKER.test(line);
    const indented = /^\s/.test(line);
    if (this.#afterBlank && pos - this.#start >= this.#minChunk && !indented && !(item && this.#inList)) {
      this.#finished.push(source.slice(this.#start, pos));
      this.#start = pos;
    }
    this.#afterBlank = false;
    this.#inList = item || indented;
    const open = FENCE_OPEN.exec(line);
    if (open && !(open[1][0] === '`' && open[2].includes('`'))) this.#fence = open[1];
  }
}
