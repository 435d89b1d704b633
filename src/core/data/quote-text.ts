import { stripBidiControls } from './strip-bidi-controls.js';

// Only the data sources' refusals quote text (sample-source.ts, url-source.ts, binance-source.ts: all chunks);
// apart from strip-bidi-controls.ts, which the first paint needs, it stays out of the entry (issue #12).

/**
 * Text from a user, a page or a file for a message, in quotes: without bidi controls and cut to `max`
 * UTF-16 units with an ellipsis (never inside a surrogate pair), so a 10,000-character symbol does not
 * make a 10,000-character message.
 */
export function quoteText(text: string, max = 40): string {
  const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
  let clean = stripBidiControls(head);
  if (clean.length > max || head !== text) {
    const code = clean.charCodeAt(max - 1);
    clean = clean.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max) + '…';
  }
  return `"${clean}"`;
}
