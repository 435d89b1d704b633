/** Stable `error.code` values of errors the relay produces itself. */
export type RelayErrorCode =
  | 'model_not_configured'
  | 'model_not_allowed'
  | 'invalid_json'
  | 'invalid_request'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'request_timeout'
  | 'origin_not_allowed'
  | 'host_not_allowed'
  | 'rate_limited'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'upstream_redirect'
  | 'method_not_allowed'
  | 'not_found'
  | 'internal_error';

/**
 * Body of every relay error, its own or an upstream one: upstream errors are reduced to this shape
 * (their provider `code` when it has one, else `upstream_http_<status>`) with secrets removed.
 */
export interface RelayErrorBody {
  error: { code: RelayErrorCode; message: string };
}
