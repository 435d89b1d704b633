/** Error codes of a failed tool call (docs/contracts.md). */
export type ToolErrorCode =
  | 'invalid_input'
  | 'unknown_tool'
  | 'not_allowed'
  | 'not_found'
  | 'out_of_range'
  | 'no_data'
  | 'ambiguous'
  | 'stale_binding'
  | 'aborted'
  | 'internal'
  /** The user declined the call on its approval card. */
  | 'denied_by_user';

export interface ToolErrorDetail {
  /** Declared field path with indexes, e.g. `points[1].price`. Never an input value. */
  readonly path: string;
  readonly reason: string;
}

export interface ToolError {
  readonly code: ToolErrorCode;
  readonly message: string;
  readonly retryable: boolean;
  readonly recommendedAction?: string;
  readonly details?: readonly ToolErrorDetail[];
}

export interface ToolSuccess {
  readonly success: true;
  readonly stateChanged: boolean;
  readonly data: unknown;
  /** Compact text for the model (query tools). */
  readonly text?: string;
}

export interface ToolFailure {
  readonly success: false;
  readonly stateChanged: false;
  readonly error: ToolError;
  /** Extra data, e.g. `candidates` for `ambiguous`. */
  readonly data?: unknown;
}

export type ToolResult = ToolSuccess | ToolFailure;

export type ToolSafety = 'read-only' | 'mutating' | 'external';
export type ToolExecutionMode = 'parallel' | 'sequential';

/** What a port tells an agent about one tool. Structured-cloneable. */
export interface ToolDescriptor {
  readonly name: string;
  readonly label: string;
  /** Description for a model, with live values appended. */
  readonly description: string;
  /** JSON schema of the input (top-level object). */
  readonly parameters: Record<string, unknown>;
  readonly safety: ToolSafety;
  readonly executionMode: ToolExecutionMode;
}
