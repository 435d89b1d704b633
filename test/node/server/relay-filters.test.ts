import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  redactSecrets,
  reduceUpstreamError,
  resolveRelayConfig,
  sanitizeChatRequest,
} from '../../../src/server/index.js';

// The pure pieces behind the relay's filters: what a user would otherwise see leak or slip through.

const KEY = 'sk-proj-AbCdEf0123456789ghijKLMNOP';

test('redactSecrets removes the key, pieces of it, bearer/basic credentials, key-shaped tokens and URL user info', () => {
  const cases: [string, RegExp][] = [
    [`Incorrect key ${KEY}`, /^Incorrect key \[redacted\]$/],
    [`prefix ${KEY.slice(0, 14)} only`, /^prefix \[redacted\] only$/],
    ['Authorization: Bearer abc.def-ghi', /^Authorization: Bearer \[redacted\]$/],
    ['authorization=Basic YWxpY2U6cGFzcw==', /^authorization=Basic \[redacted\]$/],
    ['{"api_key":"hunter2hunter2"}', /^\{"api_key":"\[redacted\]"\}$/],
    ['x-api-key: k-123456', /^x-api-key: \[redacted\]$/],
    ['another sk-live-ZZZZZZZZZZZZ key', /^another \[redacted\] key$/],
    ['google AIzaSyA1234567890abcdefghijklmnopqrstu', /^google \[redacted\]$/],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig_nature', /^jwt \[redacted\]$/],
    ['see http://alice:pw@proxy.local/v1', /^see http:\/\/proxy\.local\/v1$/],
  ];
  for (const [input, expected] of cases) assert.match(redactSecrets(input, [KEY]), expected, input);
  // Ordinary provider messages stay readable.
  const plain = 'model "qwen2.5:7b" not found, try pulling it first';
  assert.equal(redactSecrets(plain, [KEY]), plain);
});

test('reduceUpstreamError keeps the provider code and message, and nothing else', () => {
  assert.deepEqual(
    reduceUpstreamError(
      404,
      JSON.stringify({
        error: {
          message: 'The model `x` does not exist',
          type: 'invalid_request_error',
          code: 'model_not_found',
          param: 'model',
        },
      }),
      [],
    ),
    { error: { code: 'model_not_found', message: 'The model `x` does not exist' } },
  );
  assert.deepEqual(reduceUpstreamError(400, '{"error":"bad things"}', []), {
    error: { code: 'upstream_http_400', message: 'bad things' },
  });
  assert.deepEqual(reduceUpstreamError(422, '{"detail":"field required"}', []), {
    error: { code: 'upstream_http_422', message: 'field required' },
  });
  assert.deepEqual(reduceUpstreamError(500, 'plain\nfailure\u0007', []), {
    error: { code: 'upstream_http_500', message: 'plain failure' },
  });
  assert.deepEqual(reduceUpstreamError(503, '', []), {
    error: { code: 'upstream_http_503', message: 'The model server answered HTTP 503.' },
  });
  // A code that is not a short identifier (or is a secret) is not passed on.
  const echoed = reduceUpstreamError(401, JSON.stringify({ error: { message: `bad ${KEY}`, code: `Bearer ${KEY}` } }), [
    KEY,
  ]);
  assert.equal(echoed.error.code, 'upstream_http_401');
  assert.ok(!JSON.stringify(echoed).includes(KEY.slice(8)));
});

test('sanitizeChatRequest keeps known fields, drops n and the rest, and clamps the token limits', () => {
  const { body, dropped } = sanitizeChatRequest(
    {
      model: 'm',
      messages: [],
      n: 4,
      max_tokens: 50.7,
      max_completion_tokens: null,
      logit_bias: { 1: 2 },
      audio: {},
      modalities: ['audio'],
    },
    100,
  );
  assert.deepEqual(body, { model: 'm', messages: [], max_tokens: 50, logit_bias: { 1: 2 } });
  assert.deepEqual(dropped, ['audio', 'modalities', 'n']);
  assert.equal(sanitizeChatRequest({ max_completion_tokens: -5 }, 100).body.max_completion_tokens, 100);
  assert.equal(sanitizeChatRequest({ max_tokens: Infinity }, 100).body.max_tokens, 100);
});

test('resolveRelayConfig parses origins, hosts and limits, warns about bad entries, and strips URL credentials', () => {
  const config = resolveRelayConfig({
    OPENAI_BASE_URL: 'https://bob:pa%40ss@models.example/v1/',
    RELAY_ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173 *  https://b.example/path',
    RELAY_ALLOWED_HOSTS: 'Chart.Example.com other.example:8443',
    RELAY_MAX_TOKENS: 'lots',
  });
  assert.deepEqual([...config.allowedOrigins], ['https://a.example', 'http://localhost:5173']);
  assert.deepEqual(config.allowedHosts, ['chart.example.com', 'other.example:8443']);
  assert.equal(config.maxTokens, 8192);
  assert.equal(config.warnings.length, 3);
  assert.equal(config.baseUrl, 'https://models.example/v1');
  assert.equal(config.upstreamBasicAuth, `Basic ${Buffer.from('bob:pa@ss').toString('base64')}`);
  assert.ok(config.secrets.includes('pa@ss'));
  assert.equal(resolveRelayConfig({ RELAY_MAX_TOKENS: '2000' }).maxTokens, 2000);
  assert.equal(resolveRelayConfig({ RELAY_SOURCE_MAPS: '1' }).sourceMaps, true);
  assert.equal(resolveRelayConfig({}).sourceMaps, false);
});
