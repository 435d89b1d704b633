import { jsonStringBytes, MAX_ARGUMENTS_BYTES } from './build-history.js';

/** Items of an array, keys of an object and characters of a string a shortened input keeps. */
const KEEP_ITEMS = 10;
const KEEP_KEYS = 40;
const KEEP_CHARS = 200;
const KEEP_DEPTH = 6;

/**
 * What a session stores of a tool call's input (`tool.started`): the input itself up to
 * {@link MAX_ARGUMENTS_BYTES} (16 KiB of JSON, what the model is sent again of a call), else a
 * shortened copy for the tool card, with `bytes`, the size of the whole input. A call of 10,000
 * markers (≈ 1 MB) stored all of it, in IndexedDB and in every reload. The tool always gets the
 * whole input; the model, after a reload, gets `trimmedArguments(bytes)` as it did before.
 *
 * The copy keeps the shape: the first 10 items of an array and a last `"… N more"`, the first 40
 * keys of an object, the first 200 characters of a string, 6 levels; if it is still too large, the
 * head of its JSON text.
 */
export function boundToolInput(input: unknown): { readonly input: unknown; readonly bytes?: number } {
  let text: string;
  try {
    text = typeof input === 'string' ? input : (JSON.stringify(input) ?? '');
  } catch {
    return { input };
  }
  const bytes = jsonStringBytes(text);
  if (bytes <= MAX_ARGUMENTS_BYTES) return { input };
  let short = shorten(input, 0);
  const shortText = typeof short === 'string' ? short : JSON.stringify(short);
  if (jsonStringBytes(shortText) > MAX_ARGUMENTS_BYTES) short = `${shortText.slice(0, MAX_ARGUMENTS_BYTES / 4)}…`;
  return { input: short, bytes };
}

function shorten(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > KEEP_CHARS ? `${value.slice(0, KEEP_CHARS)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= KEEP_DEPTH) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, KEEP_ITEMS).map((item: unknown) => shorten(item, depth + 1));
    return value.length > KEEP_ITEMS ? [...kept, `… ${value.length - KEEP_ITEMS} more`] : kept;
  }
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, KEEP_KEYS)) out[key] = shorten(item, depth + 1);
  if (entries.length > KEEP_KEYS) out['…'] = `${entries.length - KEEP_KEYS} more keys`;
  return out;
}

/**
 * A shortened copy ({@link boundToolInput}) with each shortened array at its whole length again: the kept
 * items, then holes for the dropped ones (so "Delete 5000 drawings" can be worded again from a stored copy;
 * what the holes stood for stays unknown). Only for an input stored with `inputBytes` set: a whole input's
 * array may end with such a string itself. A length above a million (≥ 2 MB of JSON, more than a model writes
 * in a call) is not believed: that array stays as stored.
 */
export function withWholeLengths(copy: unknown): unknown {
  if (copy === null || typeof copy !== 'object') return copy;
  if (Array.isArray(copy)) {
    const last: unknown = copy.at(-1);
    const more = copy.length === KEEP_ITEMS + 1 && typeof last === 'string' ? /^… (\d+) more$/.exec(last) : null;
    const dropped = more ? Number(more[1]) : 0;
    if (!dropped || dropped > 1e6) return copy.map(withWholeLengths);
    const kept = copy.slice(0, KEEP_ITEMS).map(withWholeLengths);
    kept.length = KEEP_ITEMS + dropped;
    return kept;
  }
  return Object.fromEntries(Object.entries(copy).map(([key, item]) => [key, withWholeLengths(item)]));
}
