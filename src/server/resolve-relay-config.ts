import { DEFAULT_MAX_TOKENS, DEFAULT_OPENAI_BASE_URL, type RelayEnv } from './server-options.js';

/** The relay's configuration, normalised from the environment. */
export interface RelayConfig {
  /** False when neither a key nor a base URL is set: every relay call answers 503. */
  configured: boolean;
  /** Upstream base URL without a trailing slash and without `user:password@`, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** The base URL safe for messages and logs (no credentials); same as `baseUrl`. */
  displayBaseUrl: string;
  /** Server-side key, if any. */
  apiKey: string | undefined;
  /**
   * `Basic …` built from `user:password@` in `OPENAI_BASE_URL` (fetch refuses URLs with credentials),
   * sent only when there is no `OPENAI_API_KEY`.
   */
  upstreamBasicAuth: string | undefined;
  /** Every secret the relay knows (key, URL credentials): removed from any text it passes on. */
  secrets: readonly string[];
  /** Model used when a request names none. */
  defaultModel: string | undefined;
  /** Allowed models, or undefined when any model may be used. */
  allowedModels: ReadonlySet<string> | undefined;
  /** Exact origins allowed to call the relay cross-origin (from `RELAY_ALLOWED_ORIGINS`). */
  allowedOrigins: ReadonlySet<string>;
  /** Extra `Host` names (`name` for any port, `name:port` for one) from `RELAY_ALLOWED_HOSTS`, lower-case. */
  allowedHosts: readonly string[];
  /** Ceiling of `max_tokens` / `max_completion_tokens`. */
  maxTokens: number;
  /** Whether `*.map` files are served. */
  sourceMaps: boolean;
  /** Configuration problems worth a line at start-up (ignored entries, bad numbers). */
  warnings: readonly string[];
}

/** Message of the 503 `model_not_configured` answer; the panel shows it as setup help. */
export const MODEL_NOT_CONFIGURED_MESSAGE =
  'No model is configured. Set OPENAI_API_KEY (and optionally OPENAI_MODEL), or OPENAI_BASE_URL for a local ' +
  'server such as Ollama (http://localhost:11434/v1), LM Studio, vLLM or llama.cpp, then restart npm start.';

/** Normalises the relay environment; blank values count as unset. */
export function resolveRelayConfig(env: RelayEnv): RelayConfig {
  const warnings: string[] = [];
  const apiKey = blankToUndefined(env.OPENAI_API_KEY);
  const explicitBaseUrl = blankToUndefined(env.OPENAI_BASE_URL);
  const upstream = splitCredentials((explicitBaseUrl ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, ''));
  const models = listOf(env.RELAY_MODELS, /,/);

  const allowedOrigins = new Set<string>();
  for (const entry of listOf(env.RELAY_ALLOWED_ORIGINS, /[\s,]+/)) {
    const origin = originOf(entry);
    if (origin === undefined)
      warnings.push(`RELAY_ALLOWED_ORIGINS: "${entry}" is not an origin like https://app.example.com; ignored.`);
    else allowedOrigins.add(origin);
  }

  const allowedHosts = listOf(env.RELAY_ALLOWED_HOSTS, /[\s,]+/).map((host) => host.toLowerCase());

  let maxTokens = DEFAULT_MAX_TOKENS;
  const rawMax = blankToUndefined(env.RELAY_MAX_TOKENS);
  if (rawMax !== undefined) {
    const parsed = Number(rawMax);
    if (Number.isInteger(parsed) && parsed > 0) maxTokens = parsed;
    else warnings.push(`RELAY_MAX_TOKENS: "${rawMax}" is not a positive integer; using ${DEFAULT_MAX_TOKENS}.`);
  }

  const secrets = [apiKey, upstream.username, upstream.password, upstream.basicToken].filter(
    (secret): secret is string => secret !== undefined && secret.length >= 4,
  );
  return {
    configured: apiKey !== undefined || explicitBaseUrl !== undefined,
    baseUrl: upstream.url,
    displayBaseUrl: upstream.url,
    apiKey,
    upstreamBasicAuth: upstream.basicToken === undefined ? undefined : `Basic ${upstream.basicToken}`,
    secrets,
    defaultModel: blankToUndefined(env.OPENAI_MODEL),
    allowedModels: models.length > 0 ? new Set(models) : undefined,
    allowedOrigins,
    allowedHosts,
    maxTokens,
    sourceMaps: blankToUndefined(env.RELAY_SOURCE_MAPS) === '1',
    warnings,
  };
}

/** `https://a.example:8443/` → `https://a.example:8443`; anything that is not a bare http(s) origin → undefined. */
function originOf(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
      return undefined;
    if (!/^https?:\/\/[^/]+\/?$/i.test(entry)) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

function listOf(value: string | undefined, separator: RegExp): string[] {
  return (value ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Parses `user:password@` out of the URL, so it is neither fetched (fetch refuses it) nor shown. */
function splitCredentials(url: string): { url: string; username?: string; password?: string; basicToken?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL: fetch will fail with a clear error; still never show anything before an `@`.
    return { url: url.replace(/\/\/[^/@]*@/, '//') };
  }
  if (!parsed.username && !parsed.password) return { url };
  const username = safeDecode(parsed.username);
  const password = safeDecode(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return {
    url: parsed.toString().replace(/\/+$/, ''),
    username: username || undefined,
    password: password || undefined,
    basicToken: Buffer.from(`${username}:${password}`, 'utf8').toString('base64'),
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
