import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyProviderError, parseRetryAfter, retryDelayMs } from '../../../src/agent/provider-error.js';

test('Retry-After: seconds or HTTP date, capped at 30 s', () => {
  const now = Date.UTC(2025, 0, 1);
  assert.equal(parseRetryAfter('2', now), 2000);
  assert.equal(parseRetryAfter('3600', now), 30_000);
  assert.equal(parseRetryAfter(new Date(now + 5000).toUTCString(), now), 5000);
  assert.equal(parseRetryAfter('garbage', now), undefined);
  assert.equal(retryDelayMs(0, 100, 1234), 1234);
  const d1 = retryDelayMs(1, 100, undefined, () => 0.5);
  assert.equal(d1, 300, 'exponential (200) plus jitter (0.5 × 200)');
});

test('classification of HTTP and network errors', () => {
  const headers = new Headers({ 'retry-after': '1' });
  assert.equal(classifyProviderError({ status: 401, error: { message: 'no' } }, '/v1').code, 'PROVIDER_AUTH');
  assert.match(
    classifyProviderError({ status: 403, error: { message: 'no' } }, '/v1').message,
    /OPENAI_API_KEY.*api-key.*base URL \(\/v1\)/,
  );
  const limited = classifyProviderError({ status: 429, headers, error: { message: 'slow' } }, '/v1');
  assert.deepEqual([limited.code, limited.retryable, limited.retryAfterMs], ['PROVIDER_RATE_LIMIT', true, 1000]);
  const mnc = classifyProviderError(
    { status: 503, error: { code: 'model_not_configured', message: 'Set OPENAI_API_KEY' } },
    '/v1',
  );
  assert.deepEqual([mnc.code, mnc.retryable, mnc.message], ['MODEL_NOT_CONFIGURED', false, 'Set OPENAI_API_KEY']);
  assert.equal(classifyProviderError({ status: 502, error: {} }, '/v1').code, 'PROVIDER_UNAVAILABLE');
  assert.equal(classifyProviderError(new TypeError('fetch failed'), '/v1').code, 'PROVIDER_UNAVAILABLE');
  assert.equal(classifyProviderError(new SyntaxError('bad json'), '/v1').code, 'PROVIDER_BAD_RESPONSE');
});
