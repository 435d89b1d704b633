const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/;
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|\r?$)/;

/**
 * Cuts Markdown source into chunks that parse the same alone as together. A cut falls only before
 * a complete line (one that ends in a newline) that follows a blank line outside a fenced code
 * block and starts in column 0, and before a list item only when the last line before the blank
 * was neither indented nor a list item (a list may go on after a blank line). Joined, the chunks
 * give back `source` exactly. A chunk is at least `minChunk` characters long (short blocks are
 * gathered: fewer, larger parses). Every cut depends on complete lines before it only, so while a
 * message streams every chunk but the last is final: it can be parsed once and cached by its text.
 * Linear time.
 *
 * @example splitMarkdownChunks('# A\n\ntext\n', 0) // ['# A\n\n', 'text\n']
 */
export function splitMarkdownChunks(source: string, minChunk = 1024): string[] {
  const chunks: string[] = [];
  let start = 0;
  let fence: string | null = null;
  let afterBlank = false;
  /** The last non-blank line outside a fence may belong to a list (indented, or an item). */
  let inList = false;
  let pos = 0;
  while (pos < source.length) {
    let end = source.indexOf('\n', pos);
    if (end === -1) end = source.length;
    const line = source.slice(pos, end);
    if (fence !== null) {
      const close = FENCE_CLOSE.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = null;
    } else if (line.trim() === '') {
      afterBlank = true;
    } else {
      const item = LIST_MARKER.test(line);
      if (afterBlank && pos - start >= minChunk && end < source.length && !/^\s/.test(line) && !(item && inList)) {
        chunks.push(source.slice(start, pos));
        start = pos;
      }
      afterBlank = false;
      inList = item || /^\s/.test(line);
      const open = FENCE_OPEN.exec(line);
      if (open && !(open[1][0] === '`' && open[2].includes('`'))) fence = open[1];
    }
    pos = end + 1;
  }
  if (start < source.length || chunks.length === 0) chunks.push(source.slice(start));
  return chunks;
}
