/**
 * The framework-neutral agent runtime: the run loop over an OpenAI-compatible model, sessions,
 * replay, redaction, the system prompt and the transcript the panel renders.
 */
export { AgentRuntime, type AgentRuntimeOptions } from './agent-runtime.js';
export type { SessionInfo, SessionStore } from './session-store.js';
export { createMemorySessionStore } from './memory-session-store.js';
export { createIndexedDbSessionStore } from './indexed-db-session-store.js';
export {
  reduceTranscript, ASK_USER_TOOL,
  type TranscriptItem, type UserTranscriptItem, type AssistantTranscriptItem, type ToolTranscriptItem,
  type QuestionTranscriptItem, type RunErrorTranscriptItem, type NoticeTranscriptItem,
  type ApprovalTranscriptItem, type RunChangesTranscriptItem,
} from './reduce-transcript.js';
export { redact, REDACTED } from './redact.js';
export { buildSystemPrompt, type SystemPromptArgs } from './build-system-prompt.js';
export { WEB_SEARCH_TOOL, askUserDescriptor, webSearchDescriptor } from './runtime-tools.js';
export { TRUNCATION_MARKER } from './build-history.js';
