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
  /**
   * Comma- or space-separated exact origins (`https://app.example.com`) whose pages may call the relay
   * cross-origin (CORS) and frame the demo. Default: none, same-origin only.
   */
  RELAY_ALLOWED_ORIGINS?: string;
  /**
   * Comma- or space-separated host names (`chart.example.com`, or `chart.example.com:8443` for one port)
   * accepted in the `Host` header besides localhost/127.0.0.1/[::1] and the listen address.
   */
  RELAY_ALLOWED_HOSTS?: string;
  /** Upper bound for `max_tokens` / `max_completion_tokens` of one completion; default 8192. */
  RELAY_MAX_TOKENS?: string;
  /** `1` serves source maps (`*.map`); by default they are 404. */
  RELAY_SOURCE_MAPS?: string;
}

/** Fixed-window limits applied per client key (origin + session, else address) to the relay endpoints. */
export interface RateLimitOptions {
  /** Window length in milliseconds. */
  windowMs: number;
  /** Requests allowed per client within one window. */
  max: number;
  /**
   * Requests that may end in an error (status ≥ 400) per client within one window; past it the client
   * gets 429 until the window ends. Default: a third of `max`, at least 1.
   */
  errorMax?: number;
  /**
   * Requests per origin (or address) within one window, whatever `x-kline-session` values it sends:
   * sessions split an origin's traffic, they cannot multiply it without bound. Default: 4 × `max`.
   */
  originMax?: number;
}

/** Time limits of the server and the relay, in milliseconds. */
export interface TimeoutOptions {
  /** Until the upstream answers with its status and headers (connect + first response). */
  upstreamConnectMs: number;
  /** Longest silence (no bytes) while the upstream body is streaming. */
  upstreamIdleMs: number;
  /** Until a relay request body has fully arrived (then 408). */
  bodyMs: number;
  /** Node `headersTimeout`: until the request headers have arrived. */
  headersMs: number;
  /** Node `requestTimeout`: until the whole request has arrived; must be ≥ `headersMs`. */
  requestMs: number;
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
  /** Relay rate limit; default 60 requests and 20 errors per minute per client. */
  rateLimit?: RateLimitOptions;
  /** Time limits; each missing field takes its value from {@link DEFAULT_TIMEOUTS}. */
  timeouts?: Partial<TimeoutOptions>;
  /** The host name the server was started for (e.g. `HOST`), accepted in the `Host` header. */
  listenHost?: string;
  /** Receives one line per relay request (method, path, status, duration); never a key. Default: silent. */
  log?: (line: string) => void;
}

/** Default upstream when only a key is configured. */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Largest request body the relay accepts (1 MiB). */
export const MAX_RELAY_BODY_BYTES = 1024 * 1024;

/** Default relay rate limit: 60 requests and 20 errors per minute per client. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { windowMs: 60_000, max: 60, errorMax: 20 };

/** Default `max_tokens` ceiling when `RELAY_MAX_TOKENS` is unset. */
export const DEFAULT_MAX_TOKENS = 8192;

/**
 * Default time limits. The upstream ones are generous because a local server may load a model before
 * its first byte and a reasoning model may think silently for a while.
 */
export const DEFAULT_TIMEOUTS: TimeoutOptions = {
  upstreamConnectMs: 120_000,
  upstreamIdleMs: 120_000,
  bodyMs: 30_000,
  headersMs: 20_000,
  requestMs: 60_000,
};
