import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyProviderError } from '../../../src/agent/provider-error.js';
import { closeMock, ofType, setup } from './harness.js';

after(closeMock);

/** An error shaped like the `openai` SDK's APIError for an HTTP answer. */
function apiError(
  status: number | undefined,
  body: Record<string, unknown>,
  message = String(body.message ?? 'error'),
) {
  class APIError extends Error {
    constructor(
      readonly status: number | undefined,
      readonly error: Record<string, unknown>,
    ) {
      super(message);
    }
  }
  return new APIError(status, body);
}

test('provider errors are classified by status and body, each with words a person understands and whether retrying helps', () => {
  const cases: [unknown, string, string | undefined, boolean][] = [
    [apiError(529, { type: 'overloaded_error', message: 'Overloaded' }), 'PROVIDER_UNAVAILABLE', 'overloaded', true],
    [
      apiError(503, { message: 'The model is overloaded. Please try again later.' }),
      'PROVIDER_UNAVAILABLE',
      'overloaded',
      true,
    ],
    [
      apiError(429, { code: 'rate_limit_exceeded', message: 'Rate limit reached' }),
      'PROVIDER_RATE_LIMIT',
      'rate-limited',
      true,
    ],
    [
      apiError(400, { code: 'context_length_exceeded', message: "This model's maximum context length is 8192 tokens" }),
      'PROVIDER_BAD_RESPONSE',
      'context-too-long',
      false,
    ],
    [
      apiError(400, { message: 'prompt exceeds the context size (4096)' }),
      'PROVIDER_BAD_RESPONSE',
      'context-too-long',
      false,
    ],
    [
      apiError(400, {
        code: 'content_filter',
        message: 'The response was filtered due to the prompt triggering content management policy.',
      }),
      'PROVIDER_BAD_RESPONSE',
      'content-filtered',
      false,
    ],
    [apiError(401, { message: 'Incorrect API key provided' }), 'PROVIDER_AUTH', 'auth', false],
    [
      apiError(404, { code: 'model_not_found', message: 'The model `gpt-9` does not exist' }),
      'PROVIDER_UNAVAILABLE',
      'model-not-found',
      false,
    ],
    [
      apiError(400, { message: 'model "llama9" not found, try pulling it first' }),
      'PROVIDER_UNAVAILABLE',
      'model-not-found',
      false,
    ],
  ];
  for (const [error, code, cause, retryable] of cases) {
    const failure = classifyProviderError(error, 'http://127.0.0.1:1/v1');
    assert.deepEqual(
      [failure.code, failure.cause, failure.retryable],
      [code, cause, retryable],
      String((error as Error).message),
    );
    assert.ok(failure.message.length > 20);
  }
});

test('an error event in the middle of the stream reads as the provider\'s reason, not "could not reach"', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([
    {
      text: 'Looking at the chart now and',
      streamError: {
        afterChunks: 2,
        error: { message: 'Upstream model overloaded, please retry', type: 'overloaded_error' },
      },
    },
    {
      text: 'Looking at the chart now and',
      streamError: {
        afterChunks: 2,
        error: { message: 'Upstream model overloaded, please retry', type: 'overloaded_error' },
      },
    },
    {
      text: 'Looking at the chart now and',
      streamError: {
        afterChunks: 2,
        error: { message: 'Upstream model overloaded, please retry', type: 'overloaded_error' },
      },
    },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  const failed = ofType(events, 'run.failed')[0];
  assert.match(failed.message, /overloaded/i);
  assert.doesNotMatch(failed.message, /Could not reach/);
  assert.equal(failed.cause, 'overloaded');
});
