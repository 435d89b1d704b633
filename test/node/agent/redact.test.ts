import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redact } from '../../../src/agent/index.js';

test('redact replaces configured secrets, bearer tokens, authorization values and sk- keys, deeply', () => {
  const input = {
    text: 'my key is sk-abcdefgh12345678 and host token TOPSECRET-42',
    nested: [{ header: 'Authorization: Bearer abc.def.ghi' }, 'Bearer xyz123'],
    headers: { Authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': 'plain' },
    number: 42,
    flag: true,
  };
  const out = redact(input, ['TOPSECRET-42']) as typeof input;
  const json = JSON.stringify(out);
  assert.ok(!json.includes('sk-abcdefgh12345678'));
  assert.ok(!json.includes('TOPSECRET-42'));
  assert.ok(!json.includes('abc.def.ghi'));
  assert.ok(!json.includes('xyz123'));
  assert.ok(!json.includes('dXNlcjpwYXNz'));
  assert.ok(!json.includes('plain'));
  assert.equal(out.text, 'my key is [REDACTED] and host token [REDACTED]');
  assert.equal(out.nested[1], 'Bearer [REDACTED]');
  assert.equal(out.number, 42);
  assert.equal(out.flag, true);
  // the input is not modified
  assert.equal(input.headers.Authorization, 'Basic dXNlcjpwYXNz');
});

test('redact ignores empty and very short secrets instead of shredding text', () => {
  assert.equal(redact('a normal sentence', ['', 'a', ' ']), 'a normal sentence');
});

test('redact leaves ordinary text alone', () => {
  const text = 'Added MA(20) to the main pane; sky-high prices and skeptics are fine.';
  assert.equal(redact(text, []), text);
});
