import type { ToolErrorCode, ToolErrorDetail, ToolFailure } from '../../protocol/index.js';

/** A failed tool result (docs/contracts.md "Tool results"). */
export function failure(
  code: ToolErrorCode,
  message: string,
  extra: {
    retryable?: boolean;
    recommendedAction?: string;
    details?: readonly ToolErrorDetail[];
  } = {},
): ToolFailure {
  return {
    success: false,
    stateChanged: false,
    error: {
      code,
      message,
      retryable: extra.retryable ?? false,
      ...(extra.recommendedAction ? { recommendedAction: extra.recommendedAction } : {}),
      ...(extra.details ? { details: extra.details } : {}),
    },
  };
}

/** `String(value)` that cannot throw (a thrown object may have a throwing `toString` or getter). */
export function safeText(value: unknown, limit = 2000): string {
  try {
    const text = value instanceof Error ? value.message : typeof value === 'string' ? value : String(value);
    return typeof text === 'string' ? text.slice(0, limit) : 'unknown error';
  } catch {
    return 'unknown error';
  }
}
