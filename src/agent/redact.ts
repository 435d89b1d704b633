/** What every redacted value is replaced with. */
export const REDACTED = '[REDACTED]';

// Secrets shorter than this are ignored: redacting "a" or "" would shred every message.
const MIN_SECRET_LENGTH = 4;

const OPENAI_KEY_PATTERN = /sk-[A-Za-z0-9_-]{8,}/g;
// "Bearer <token>" anywhere in a string: keep the scheme word so the text still reads naturally.
const BEARER_PATTERN = /\b(Bearer)\s+[^\s"',;]+/gi;
// "Authorization: <value>" / "authorization=<value>" inside free text (e.g. a logged header block).
const AUTHORIZATION_PATTERN = /\b((?:proxy-)?authorization)(\s*[:=]\s*)(?!\[REDACTED\])[^\r\n"',;]+/gi;
const AUTHORIZATION_KEY = /^(?:proxy-)?authorization$|^api[-_]?key$|^x-api-key$/i;

/**
 * Deep copy of `value` in which every string has secrets replaced with `[REDACTED]`:
 * each of `secrets` (verbatim), `Bearer …` tokens, `Authorization: …` values, strings that look
 * like OpenAI keys (`sk-…`), and the whole value of object keys named `authorization` / `api-key`.
 * Non-plain values (Dates, class instances) are returned as they are; cycles are cut.
 */
export function redact(value: unknown, secrets: readonly string[]): unknown {
  const usable = [...new Set(secrets.filter((s) => typeof s === 'string' && s.trim().length >= MIN_SECRET_LENGTH))]
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return redactValue(value, usable, new WeakSet());
}

/** Redacts one string (see {@link redact}). */
export function redactString(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(OPENAI_KEY_PATTERN, REDACTED);
  out = out.replace(BEARER_PATTERN, (_m, scheme: string) => `${scheme} ${REDACTED}`);
  out = out.replace(AUTHORIZATION_PATTERN, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`);
  return out;
}

function redactValue(value: unknown, secrets: readonly string[], seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return undefined;
  if (Array.isArray(value)) {
    seen.add(value);
    const out = value.map((item) => redactValue(item, secrets, seen));
    seen.delete(value);
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  seen.add(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = AUTHORIZATION_KEY.test(key) && typeof item === 'string' ? REDACTED : redactValue(item, secrets, seen);
  }
  seen.delete(value);
  return out;
}
