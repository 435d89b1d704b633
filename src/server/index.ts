export { createServer } from './create-server.js';
export { createRelayHandler, type RelayHandler } from './create-relay-handler.js';
export { createRateLimiter, type RateLimiter, type RateLimitVerdict } from './create-rate-limiter.js';
export { contentTypeFor } from './content-type-for.js';
export { readJsonBody, type JsonBodyResult } from './read-json-body.js';
export type { RelayErrorBody, RelayErrorCode } from './relay-error-code.js';
export { MODEL_NOT_CONFIGURED_MESSAGE, resolveRelayConfig, type RelayConfig } from './resolve-relay-config.js';
export { resolveStaticPath, staticMountsFor, type StaticMount, type StaticPathResolution } from './resolve-static-path.js';
export { COMMON_SECURITY_HEADERS, CONTENT_SECURITY_POLICY, HTML_SECURITY_HEADERS } from './security-headers.js';
export {
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_RATE_LIMIT,
  MAX_RELAY_BODY_BYTES,
  type RateLimitOptions,
  type RelayEnv,
  type ServerOptions,
} from './server-options.js';
