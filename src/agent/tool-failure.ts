import type { ToolErrorCode, ToolErrorDetail, ToolFailure, ToolSuccess } from '../protocol/index.js';

/** A {@link ToolFailure} with `stateChanged: false`, as every tool failure is. */
export function toolFailure(
  code: ToolErrorCode,
  message: string,
  extra: { retryable?: boolean; recommendedAction?: string; details?: readonly ToolErrorDetail[] } = {},
): ToolFailure {
  return {
    success: false,
    stateChanged: false,
    error: {
      code,
      message,
      retryable: extra.retryable ?? false,
      ...(extra.recommendedAction ? { recommendedAction: extra.recommendedAction } : {}),
      ...(extra.details && extra.details.length > 0 ? { details: extra.details.slice(0, 5) } : {}),
    },
  };
}

/** A {@link ToolSuccess} that changed nothing on the chart. */
export function toolSuccess(data: unknown, text?: string): ToolSuccess {
  return { success: true, stateChanged: false, data, ...(text !== undefined ? { text } : {}) };
}
