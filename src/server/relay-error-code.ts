/** Stable `error.code` values of errors the relay produces itself (upstream errors pass through untouched). */
export type RelayErrorCode =
  | 'model_not_configured'
  | 'model_not_allowed'
  | 'invalid_json'
  | 'invalid_request'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upstream_unreachable'
  | 'method_not_allowed'
  | 'not_found'
  | 'internal_error';

/** Body of an error the relay produces itself. */
export interface RelayErrorBody {
  error: { code: RelayErrorCode; message: string };
}
