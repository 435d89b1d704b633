import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyProviderError } from '../../../src/agent/provider-error.js';
import { plainSnippet, SNIPPET_LENGTH } from '../../../src/agent/diagnosing-fetch.js';
import { HTML_404_PAGE, startErrorServers, type ErrorServers } from '../../error-servers/index.js';
import { closeMock, ofType, setup } from './harness.js';

// Failures a page author can fix are named (cause), never carry a web page, and are not retried
// when retrying cannot help. Real HTTP: an HTML 404 server, a refused port, the mock model.
let servers: ErrorServers;
before(async () => {
  servers = await startErrorServers();
});
after(async () => {
  await servers.close();
  await closeMock();
});

test('an HTML 404 page fails once with cause web-page and a short plain-text snippet, never the page', async () => {
  const { runtime, events, sessionId } = await setup({ baseURL: servers.htmlUrl });
  const before = servers.counts().html;
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  const failed = ofType(events, 'run.failed')[0];
  assert.equal(failed.cause, 'web-page');
  assert.equal(failed.code, 'PROVIDER_UNAVAILABLE');
  assert.match(failed.message, /answered with a web page \(HTTP 404, text\/html\), not the assistant API/);
  assert.match(failed.message, /Oops! That page can’t be found/);
  assert.ok(!failed.message.includes('<'), 'no markup');
  assert.ok(!failed.message.includes('__html404Script'), 'no script text');
  assert.ok(failed.message.length < 800, `bounded (${failed.message.length} chars)`);
  assert.equal(servers.counts().html - before, 1, 'not retried');
});

test('a refused connection fails with cause unreachable, naming the address', async () => {
  const { runtime, events, sessionId } = await setup({ baseURL: servers.refusedUrl, retry: { maxRetries: 0 } });
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  const failed = ofType(events, 'run.failed')[0];
  assert.equal(failed.cause, 'unreachable');
  assert.match(
    failed.message,
    new RegExp(`Nothing answered at ${servers.refusedUrl.replace(/[.]/g, '\\.')}.*not running`),
  );
});

test('4xx other than 408 and 429 are not retried; 408 is', async () => {
  for (const [status, calls] of [
    [400, 1],
    [409, 1],
    [422, 1],
    [404, 1],
    [408, 3],
  ] as const) {
    const { mock, runtime, sessionId } = await setup({ retry: { maxRetries: 2, baseDelayMs: 1 } });
    mock.script([{ status }, { status }, { status }]);
    assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
    assert.equal(mock.requests.length, calls, `HTTP ${status}`);
  }
});

test('404 and 405 at the default /v1 mean no relay on this site; elsewhere 404 means not found', () => {
  assert.equal(classifyProviderError({ status: 404, error: { message: 'x' } }, '/v1').cause, 'no-relay');
  assert.equal(classifyProviderError({ status: 405, error: { message: 'x' } }, '/v1/').cause, 'no-relay');
  assert.equal(
    classifyProviderError({ status: 404, error: { message: 'x' } }, 'https://relay.example/v1').cause,
    'not-found',
  );
  const long = classifyProviderError({ status: 400, error: { message: 'y'.repeat(5000) } }, '/v1');
  assert.ok(long.message.length < 400, 'a provider message is clipped');
});

test('plainSnippet keeps the title and visible text, at most 200 characters', () => {
  const snippet = plainSnippet(HTML_404_PAGE);
  assert.ok(snippet.length <= SNIPPET_LENGTH);
  assert.match(snippet, /^Page not found – My Blog Oops! That page can’t be found\./);
  assert.equal(plainSnippet('<p>a &amp; b &lt;c&gt;</p>'), 'a & b <c>');
});
