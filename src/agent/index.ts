/**
 * The framework-neutral agent runtime: the run loop over an OpenAI-compatible model, sessions,
 * replay, redaction, the system prompt and the transcript the panel renders.
 */
export { AgentRuntime, type AgentRuntimeOptions } from './agent-runtime.js';
export {
  SessionStoreUnavailableError,
  type SessionInfo,
  type SessionStore,
  type SessionStoreProblem,
} from './session-store.js';
export { createMemorySessionStore } from './memory-session-store.js';
export {
  createIndexedDbSessionStore,
  DEFAULT_OPEN_TIMEOUT_MS,
  type IndexedDbSessionStoreOptions,
} from './indexed-db-session-store.js';
export {
  createResilientSessionStore,
  type ResilientSessionStore,
  type ResilientSessionStoreOptions,
} from './resilient-session-store.js';
export { validateSessionRecords, SessionRecordSchema, type InvalidSessionRecord } from './session-record-schema.js';
export {
  reduceTranscript,
  TranscriptReducer,
  ASK_USER_TOOL,
  type TranscriptItem,
  type UserTranscriptItem,
  type AssistantTranscriptItem,
  type ToolTranscriptItem,
  type QuestionTranscriptItem,
  type RunErrorTranscriptItem,
  type NoticeTranscriptItem,
  type ApprovalTranscriptItem,
  type RunChangesTranscriptItem,
} from './reduce-transcript.js';
export {
  redact,
  redactString,
  createRedactor,
  REDACTED,
  NESTED_TOO_DEEP,
  MAX_REDACT_DEPTH,
  SECRET_PATTERNS,
  type RedactOptions,
  type Redactor,
} from './redact.js';
export {
  describeToolCall,
  EN_TOOL_CALL_PHRASES,
  type ToolCallNames,
  type ToolCallPhrases,
} from './describe-tool-call.js';
export { buildSystemPrompt, type SystemPromptArgs } from './build-system-prompt.js';
export { WEB_SEARCH_TOOL, askUserDescriptor, webSearchDescriptor } from './runtime-tools.js';
export { TRUNCATION_MARKER } from './build-history.js';
export { createMultiChartPort, SLICE_SEPARATOR, type MultiChartPort } from './multi-chart-port.js';
export { describeChartChanges } from './chart-changes.js';
export { createVisionMemory, type VisionMemory } from './vision-memory.js';
