export {
  startMockModel,
  type MockModelOptions,
  type MockModelServer,
  type MockStep,
  type MockToolCall,
  type RecordedRequest,
} from './mock-model-server.js';
export { buildCompletionChunks, UNSCRIPTED_REPLY, type CompletionIdentity } from './build-completion-chunks.js';
export { buildCompletion } from './build-completion.js';
