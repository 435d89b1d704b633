import { DEFAULT_OPENAI_BASE_URL, type RelayEnv } from './server-options.js';

/** The relay's configuration, normalised from the environment. */
export interface RelayConfig {
  /** False when neither a key nor a base URL is set: every relay call answers 503. */
  configured: boolean;
  /** Upstream base URL without a trailing slash, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** The base URL with any `user:password@` removed, safe for messages and logs. */
  displayBaseUrl: string;
  /** Server-side key, if any. */
  apiKey: string | undefined;
  /** Model used when a request names none. */
  defaultModel: string | undefined;
  /** Allowed models, or undefined when any model may be used. */
  allowedModels: ReadonlySet<string> | undefined;
}

/** Message of the 503 `model_not_configured` answer; the panel shows it as setup help. */
export const MODEL_NOT_CONFIGURED_MESSAGE =
  'No model is configured. Set OPENAI_API_KEY (and optionally OPENAI_MODEL), or OPENAI_BASE_URL for a local ' +
  'server such as Ollama (http://localhost:11434/v1), LM Studio, vLLM or llama.cpp, then restart npm start.';

/** Normalises the relay environment; blank values count as unset. */
export function resolveRelayConfig(env: RelayEnv): RelayConfig {
  const apiKey = blankToUndefined(env.OPENAI_API_KEY);
  const explicitBaseUrl = blankToUndefined(env.OPENAI_BASE_URL);
  const baseUrl = (explicitBaseUrl ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '');
  const models = (env.RELAY_MODELS ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter((model) => model !== '');
  return {
    configured: apiKey !== undefined || explicitBaseUrl !== undefined,
    baseUrl,
    displayBaseUrl: withoutCredentials(baseUrl),
    apiKey,
    defaultModel: blankToUndefined(env.OPENAI_MODEL),
    allowedModels: models.length > 0 ? new Set(models) : undefined,
  };
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/+$/, '');
  } catch {
    return url;
  }
}
