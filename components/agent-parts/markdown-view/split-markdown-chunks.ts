import { MarkdownChunkScanner } from './markdown-chunk-scanner.js';

/**
 * Cuts Markdown source into chunks that parse the same alone as together. A cut falls only before
 * a complete line (one that ends in a newline) that follows a blank line outside a fenced code
 * block and starts in column 0, and before a list item only when the last line before the blank
 * was neither indented nor a list item (a list may go on after a blank line). Joined, the chunks
 * give back `source` exactly. A chunk is at least `minChunk` characters long (short blocks are
 * gathered: fewer, larger parses). Every cut depends on complete lines before it only, so while a
 * message streams every chunk but the last is final: it can be parsed once and cached by its text
 * ({@link MarkdownChunkScanner} follows a growing message reading each line once). Linear time.
 *
 * @example splitMarkdownChunks('# A\n\ntext\n', 0) // ['# A\n\n', 'text\n']
 */
export function splitMarkdownChunks(source: string, minChunk = 1024): string[] {
  const scanner = new MarkdownChunkScanner(minChunk);
  scanner.feed(source);
  return scanner.chunks();
}
