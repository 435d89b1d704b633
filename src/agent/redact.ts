/** What every redacted value is replaced with. */
export const REDACTED = '[REDACTED]';
/** What a value nested deeper than {@link MAX_REDACT_DEPTH} levels is replaced with. */
export const NESTED_TOO_DEEP = '[nested too deep]';
/** Objects and arrays deeper than this are replaced with {@link NESTED_TOO_DEEP}. */
export const MAX_REDACT_DEPTH = 64;

// Secrets shorter than this are ignored: redacting "a" or "" would shred every message.
const MIN_SECRET_LENGTH = 4;

/**
 * Formats of well-known credentials, replaced wherever they appear in a string. Each is anchored
 * on a vendor prefix, so ordinary words ("risk-adjusted", "sky") are left alone.
 */
export const SECRET_PATTERNS: readonly RegExp[] = [
  // OpenAI / Anthropic / DeepSeek style: sk-…, sk-proj-…, sk-ant-…
  /(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{8,}/g,
  // Stripe secret and restricted keys.
  /\b[rs]k_(?:live|test)_[A-Za-z0-9]{8,}/g,
  // GitHub tokens: personal, OAuth, user-to-server, server-to-server, refresh, fine-grained.
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  // AWS access key ids (long-term and temporary).
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g,
  // Google API keys.
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  // Groq.
  /\bgsk_[A-Za-z0-9]{20,}/g,
  // Slack bot, app, user, refresh tokens.
  /\bxox[abpr]-[A-Za-z0-9-]{10,}/g,
  // JSON Web Tokens: three base64url segments, the header starting `eyJ` (`{"`).
  /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g,
];

// "Bearer <token>" anywhere in a string: keep the scheme word so the text still reads naturally.
const BEARER_PATTERN = /\b(Bearer)\s+(?!\[REDACTED\])[^\s"',;]+/gi;
// "Authorization: <value>" / "authorization=<value>" inside free text (e.g. a logged header block).
const AUTHORIZATION_PATTERN = /\b((?:proxy-)?authorization)(\s*[:=]\s*)(?!\[REDACTED\])[^\r\n"',;]+/gi;
/** Names whose value is a credential, as an object key or in `name: value` / `name=value` text. */
const SECRET_NAMES = String.raw`(?:x-)?api[-_]?key|(?:access|refresh|auth|api|id)[-_]?token|client[-_]?secret|secret[-_]?key|password|passwd`;
// `x-api-key: v`, `api_key=v`, `"apiKey": "v"`, `password='v'`: the name and separator stay.
const ASSIGNMENT_PATTERN = new RegExp(
  String.raw`(["']?\b(?:${SECRET_NAMES})["']?\s*[:=]\s*["']?)(?!\[REDACTED\])[^\s"',;&}]+`,
  'gi',
);
const SECRET_KEY = new RegExp(String.raw`^(?:(?:proxy-)?authorization|${SECRET_NAMES})$`, 'i');

/**
 * Whether `text`, the start of a text still streaming, may end inside a secret: it ends in a character
 * credentials are written with (a key's first part would pass every pattern), or with the start of
 * one of `secrets`. Such a prefix is not stored on its own: redacting it could not find the secret.
 */
export function mayEndInSecret(text: string, secrets: readonly string[]): boolean {
  if (/[\w\-.+/=~:]$/.test(text)) return true;
  return secrets.some((secret) => {
    for (let k = Math.min(secret.length - 1, text.length); k > 0; k--)
      if (text.endsWith(secret.slice(0, k))) return true;
    return false;
  });
}

/** Options of {@link redact} beyond the verbatim secrets. */
export interface RedactOptions {
  /** Extra patterns (a host's own key formats); every match is replaced. A pattern without `g` is used as if it had it. */
  readonly patterns?: readonly RegExp[];
}

/**
 * Deep copy of `value` in which every string has secrets replaced with `[REDACTED]`: each of
 * `secrets` (verbatim), the {@link SECRET_PATTERNS} key formats, `Bearer …` tokens,
 * `Authorization: …` values, `api_key=…` / `x-api-key: …` / `"apiKey": "…"` assignments, the
 * host's `options.patterns`, and the whole value of object keys named like a credential
 * (`authorization`, `api-key`, `password`…). Non-plain values (Dates, class instances) are
 * returned as they are; cycles are cut; objects nested deeper than {@link MAX_REDACT_DEPTH}
 * become `[nested too deep]`. Iterative, so no input depth can overflow the stack.
 */
export function redact(value: unknown, secrets: readonly string[], options: RedactOptions = {}): unknown {
  const redactor = createRedactor(secrets, options);
  return redactor.value(value);
}

/** Redacts one string (see {@link redact}). */
export function redactString(text: string, secrets: readonly string[], options: RedactOptions = {}): string {
  return createRedactor(secrets, options).text(text);
}

/** A prepared redactor: secrets sorted and patterns made global once, then used on many values. */
export interface Redactor {
  text(text: string): string;
  value(value: unknown): unknown;
}

export function createRedactor(secrets: readonly string[], options: RedactOptions = {}): Redactor {
  const usable = [...new Set(secrets.filter((s) => typeof s === 'string' && s.trim().length >= MIN_SECRET_LENGTH))]
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  const extra = (options.patterns ?? [])
    .filter((p): p is RegExp => p instanceof RegExp)
    .map((p) => (p.global ? p : new RegExp(p.source, `${p.flags}g`)));
  const text = (input: string): string => {
    let out = input;
    for (const secret of usable) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
    for (const pattern of extra) {
      pattern.lastIndex = 0;
      out = out.replace(pattern, REDACTED);
    }
    out = out.replace(BEARER_PATTERN, (_m, scheme: string) => `${scheme} ${REDACTED}`);
    out = out.replace(AUTHORIZATION_PATTERN, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`);
    out = out.replace(ASSIGNMENT_PATTERN, (_m, head: string) => `${head}${REDACTED}`);
    return out;
  };
  return { text, value: (value) => redactValue(value, text) };
}

interface Frame {
  readonly source: object;
  readonly out: unknown[] | Record<string, unknown>;
  readonly depth: number;
  readonly parent: Frame | null;
}

function isPlainContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Walks the value with an explicit stack (depth-first), building the copy as it goes. */
function redactValue(root: unknown, text: (s: string) => string): unknown {
  const stack: Frame[] = [];
  const convert = (value: unknown, depth: number, parent: Frame | null): unknown => {
    if (typeof value === 'string') return text(value);
    if (value === null || typeof value !== 'object') return value;
    if (!isPlainContainer(value)) return value;
    // A cycle: the value is one of its own ancestors (at most MAX_REDACT_DEPTH of them).
    for (let f = parent; f; f = f.parent) if (f.source === value) return undefined;
    if (depth > MAX_REDACT_DEPTH) return NESTED_TOO_DEEP;
    const frame: Frame = {
      source: value,
      out: Array.isArray(value) ? new Array<unknown>(value.length) : {},
      depth,
      parent,
    };
    stack.push(frame);
    return frame.out;
  };
  const result = convert(root, 1, null);
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (Array.isArray(frame.source)) {
      const out = frame.out as unknown[];
      frame.source.forEach((item, i) => {
        out[i] = convert(item, frame.depth + 1, frame);
      });
    } else {
      const out = frame.out as Record<string, unknown>;
      for (const [key, item] of Object.entries(frame.source)) {
        out[key] = SECRET_KEY.test(key) && typeof item === 'string' ? REDACTED : convert(item, frame.depth + 1, frame);
      }
    }
  }
  return result;
}
