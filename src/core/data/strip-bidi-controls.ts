/**
 * Bidi control characters: LRM/RLM (U+200E/F), the Arabic letter mark (U+061C), the embeddings and
 * overrides (U+202A–U+202E) and the isolates (U+2066–U+2069). One left open in a text from data or a
 * model (a marker's text, an instrument's name) reorders everything drawn after it, on a canvas as in the DOM.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `text` without bidi control characters; the chart isolates user text itself (`<bdi>`). */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

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
