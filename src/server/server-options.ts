/** Environment the relay reads; every field is optional so a bare `npm start` still serves the demo. */
export interface RelayEnv {
  /** Secret key added server-side as `Authorization: Bearer …`; never sent to the browser nor logged. */
  OPENAI_API_KEY?: string;
  /** Upstream base URL including its `/v1`; default `https://api.openai.com/v1`. */
  OPENAI_BASE_URL?: string;
  /** Model used when a request names none. */
  OPENAI_MODEL?: string;
  /** Comma-separated allow-list of models; any other model is refused with 400 `model_not_allowed`. */
  RELAY_MODELS?: string;
}

/** Fixed-window limit applied per client address to the relay endpoints. */
export interface RateLimitOptions {
  /** Window length in milliseconds. */
  windowMs: number;
  /** Requests allowed per client within one window. */
  max: number;
}

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** Repository root: `demo/` is served at `/` and `/demo/`, `dist/` at `/dist/`. */
  rootDir: string;
  /** Relay configuration, usually `process.env`. */
  env: RelayEnv;
  /** Serve `node_modules/` read-only at `/node_modules/` (test pages only); default false. */
  serveNodeModules?: boolean;
  /** Injectable fetch for tests; default the global `fetch`. */
  fetch?: typeof fetch;
  /** Relay rate limit; default 60 requests per minute per client. */
  rateLimit?: RateLimitOptions;
  /** Receives one line per relay request (method, path, status, duration); never a key. Default: silent. */
  log?: (line: string) => void;
}

/** Default upstream when only a key is configured. */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Largest request body the relay accepts (1 MiB). */
export const MAX_RELAY_BODY_BYTES = 1024 * 1024;

/** Default relay rate limit: 60 requests per minute per client. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { windowMs: 60_000, max: 60 };
