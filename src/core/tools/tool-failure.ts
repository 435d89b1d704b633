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
