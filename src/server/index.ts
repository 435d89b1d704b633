export { createServer } from './create-server.js';
export { createRelayHandler, type RelayHandler } from './create-relay-handler.js';
export { createRateLimiter, type RateLimiter, type RateLimitVerdict } from './create-rate-limiter.js';
export { isAllowedHost } from './check-host.js';
export { checkOrigin, type OriginVerdict } from './check-origin.js';
export { CORS_ALLOWED_HEADERS, corsPreflightHeaders, corsResponseHeaders } from './cors-headers.js';
export { redactSecrets } from './redact-secrets.js';
export { MAX_UPSTREAM_MESSAGE_LENGTH, reduceUpstreamError, type UpstreamErrorBody } from './reduce-upstream-error.js';
export { FORWARDED_CHAT_FIELDS, sanitizeChatRequest, type SanitizedChatRequest } from './sanitize-chat-request.js';
export { contentTypeFor } from './content-type-for.js';
export { contentTypeRefusal, isJsonContentType, readJsonBody, type JsonBodyResult } from './read-json-body.js';
export type { RelayErrorBody, RelayErrorCode } from './relay-error-code.js';
export { MODEL_NOT_CONFIGURED_MESSAGE, resolveRelayConfig, type RelayConfig } from './resolve-relay-config.js';
export {
  resolveStaticPath,
  staticMountsFor,
  type StaticMount,
  type StaticPathResolution,
} from './resolve-static-path.js';
export {
  COMMON_SECURITY_HEADERS,
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  HTML_SECURITY_HEADERS,
} from './security-headers.js';
export {
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_MAX_TOKENS,
  DEFAULT_RATE_LIMIT,
  DEFAULT_TIMEOUTS,
  MAX_RELAY_BODY_BYTES,
  type RateLimitOptions,
  type RelayEnv,
  type ServerOptions,
  type TimeoutOptions,
} from './server-options.js';
