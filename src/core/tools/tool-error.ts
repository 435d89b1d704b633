import type { ToolErrorCode, ToolErrorDetail } from '../../protocol/index.js';

/**
 * A known failure thrown inside a tool method; the registry turns it into
 * `{ success: false, stateChanged: false, error }` so the model can correct its next call.
 */
export class ToolCallError extends Error {
  readonly code: ToolErrorCode;
  readonly retryable: boolean;
  readonly recommendedAction?: string;
  readonly details?: readonly ToolErrorDetail[];
  /** Extra data returned with the failure, e.g. `{ candidates }` for `ambiguous`. */
  readonly data?: unknown;

  constructor(
    code: ToolErrorCode,
    message: string,
    options: {
      retryable?: boolean;
      recommendedAction?: string;
      details?: readonly ToolErrorDetail[];
      data?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'ToolCallError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.recommendedAction = options.recommendedAction;
    this.details = options.details;
    this.data = options.data;
  }
}
