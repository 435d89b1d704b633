import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { fetchText } from '../../../src/core/data/fetch-text.js';
import { createJsonSource } from '../../../src/core/data/json-source.js';
import { createCsvSource } from '../../../src/core/data/csv-source.js';
import { MAX_FILE_BYTES } from '../../../src/core/data/url-source.js';

// A JSON or CSV file over ≈ 537 MB (V8's longest string, 2^29 - 24 characters) came out of Chromium's
// `response.text()` as an empty string: the chart said "JSON syntax error at line 1, column 1: unexpected
// end of the file." (CSV: "the file is empty") after downloading all of it. Files over 500 MB are now
// refused with a message naming the limit and the size, as soon as the size is known.

/** A body of `chunks` chunks of `chunkBytes` spaces (`Infinity`: endless); counts what was pulled and cancelled. */
function spaces(chunks: number, chunkBytes = 4_000_000) {
  const chunk = new Uint8Array(chunkBytes).fill(32);
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled >= chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

test('a file whose Content-Length is over 500 MB is refused at once, naming the limit and its size', async () => {
  assert.equal(MAX_FILE_BYTES, 500_000_000);
  const { stream, seen } = spaces(Infinity);
  const response = new Response(stream, { headers: { 'content-length': '612345678' } });
  const source = createJsonSource('/data/huge.json', { fetch: () => Promise.resolve(response), timeoutMs: 5000 });
  const error = await source.getBars({ symbol: 'HUGE', period: '1d' }).then(
    () => assert.fail('a 612 MB file loaded'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof DataSourceError, String(error));
  assert.equal(error.code, 'unsupported');
  assert.equal(
    error.message,
    '/data/huge.json is 612 MB (612345678 bytes); files over 500 MB cannot be loaded (Chromium holds at most 536 870 888 characters in one text). Split the file or keep fewer bars.',
  );
  assert.ok(seen.pulled <= 2, `${seen.pulled} chunks read`);
});

test('a file sent without a length is cancelled once 500 MB have arrived, and says it is larger', async () => {
  // Up to 200 chunks of 4 MB = 800 MB of spaces; the 126th passes the limit.
  const { stream, seen } = spaces(200);
  const source = createCsvSource('/data/huge.csv', { fetch: () => Promise.resolve(new Response(stream)) });
  const error = await source.getBars({ symbol: 'HUGE', period: '1d' }).then(
    () => assert.fail('a 504 MB file loaded'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof DataSourceError, String(error));
  assert.equal(error.code, 'unsupported');
  assert.match(error.message, /^\/data\/huge\.csv is larger than 500 MB; files over 500 MB cannot be loaded/);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(seen.cancelled, true);
  assert.ok(seen.pulled < 130, `${seen.pulled} chunks read`);
});

test('fetchText reads a body of exactly maxBytes and refuses one byte more', async () => {
  const body = (n: number) => () => Promise.resolve(new Response('x'.repeat(n)));
  assert.equal((await fetchText(body(10), '/ten', { maxBytes: 10 })).text, 'x'.repeat(10));
  await assert.rejects(fetchText(body(11), '/eleven', { maxBytes: 10 }), {
    code: 'unsupported',
    message: /^\/eleven is larger than 10 bytes; files over 10 bytes cannot be loaded/,
  });
});
