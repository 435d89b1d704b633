import type { ToolErrorCode, ToolErrorDetail, ToolFailure, ToolSuccess } from '../protocol/index.js';
import { failure } from '../core/tools/tool-failure.js';

/** A {@link ToolFailure} with `stateChanged: false`, as every tool failure is; at most five details, none when empty. */
export function toolFailure(
  code: ToolErrorCode,
  message: string,
  extra: { retryable?: boolean; recommendedAction?: string; details?: readonly ToolErrorDetail[] } = {},
): ToolFailure {
  const details = extra.details && extra.details.length > 0 ? extra.details.slice(0, 5) : undefined;
  return failure(code, message, { ...extra, details });
}

/** A {@link ToolSuccess} that changed nothing on the chart. */
export function toolSuccess(data: unknown, text?: string): ToolSuccess {
  return { success: true, stateChanged: false, data, ...(text !== undefined ? { text } : {}) };
}
