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
