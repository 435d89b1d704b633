const REDACTED = '[redacted]';

/** Patterns of credentials whatever their value: header values, key-shaped tokens, URL user info. */
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic|Token)\s+(?!\[redacted\])[^\s"',;}\]]+/gi, `$1 ${REDACTED}`],
  [
    /\b((?:api[_-]?key|x-api-key|authorization|access[_-]?token|secret|password)["']?\s*[:=]\s*["']?)(?!\[redacted\]|(?:Bearer|Basic|Token)\s)[^\s"',;}&\]]+/gi,
    `$1${REDACTED}`,
  ],
  [/\/\/[^\s/@:]+:[^\s/@]*@/g, '//'],
  [/\b(?:sk|rk|pk)-[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\bAIza[0-9A-Za-z_-]{30,}/g, REDACTED],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Anything long and random-looking enough to be a key (hex digests and ids go too, which is fine here).
  [/\b[A-Za-z0-9_-]{40,}\b/g, REDACTED],
];

/**
 * Removes credentials from text the relay passes on (upstream error messages, fetch errors): every
 * known secret and any 8+ character piece of one, then anything shaped like a bearer/basic credential,
 * an `api_key=` value, URL user info or a provider key.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (secret.length >= 4) result = result.split(secret).join(REDACTED);
  const longSecrets = secrets.filter((secret) => secret.length >= 8);
  if (longSecrets.length > 0) {
    // A partial echo (a prefix or suffix of the key) must not leak either.
    result = result.replace(/[A-Za-z0-9_\-+/=.]{8,}/g, (token) =>
      longSecrets.some((secret) => secret.includes(token) || token.includes(secret)) ? REDACTED : token,
    );
  }
  for (const [pattern, replacement] of SECRET_PATTERNS) result = result.replace(pattern, replacement);
  return result;
}
