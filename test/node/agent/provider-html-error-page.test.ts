import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeMock, lastEvent, setup } from './harness.js';

after(closeMock);

// A proxy in front of the model answers 500 with its own HTML error page: the failure says what
// happened in a short line (status and the page's title), never the page's markup.

const PAGE =
  '<!DOCTYPE html><html><head><title>500 Internal Server Error</title><style>body{color:red}</style>' +
  '<script>var x = "<b>";</script></head><body><center><h1>500 Internal Server Error</h1></center>' +
  `<hr><center>nginx/1.25.3</center>${'<p>padding</p>'.repeat(200)}</body></html>`;

async function failWith(contentType: string) {
  const { mock, runtime, events, sessionId } = await setup();
  const step = { status: 500, rawBody: PAGE, headers: { 'content-type': contentType, 'retry-after': '0' } };
  mock.script([step, step, step]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  const end = lastEvent(events);
  assert.equal(end.type, 'run.failed');
  return { end, requests: mock.requests.length };
}

for (const contentType of ['text/html; charset=utf-8', 'text/plain', 'application/json']) {
  test(`an HTML 500 page (${contentType}) → a short readable message: status and title, no markup`, async () => {
    const { end, requests } = await failWith(contentType);
    assert.equal(end.type === 'run.failed' && end.code, 'PROVIDER_UNAVAILABLE');
    assert.equal(requests, 3, 'a server error is retried');
    const message = end.type === 'run.failed' ? end.message : '';
    assert.match(message, /HTTP 500/);
    assert.match(message, /500 Internal Server Error/);
    assert.doesNotMatch(message, /[<>]/, `no markup: ${message}`);
    assert.doesNotMatch(message, /padding|color:red|var x/);
    assert.ok(message.length < 200, `short (${message.length}): ${message}`);
    assert.notEqual(end.type === 'run.failed' && end.cause, 'web-page', 'a server error, not a wrong address');
  });
}
