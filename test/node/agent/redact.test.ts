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

test('redact replaces every well-known key format', () => {
  const samples: Record<string, string> = {
    openai: 'sk-abcdefghijklmnop1234',
    openaiProject: 'sk-proj-Abc123_def456-GHI789jkl',
    stripeLive: 'sk_live_51Habcdefghijklmnop',
    stripeTest: 'sk_test_51Habcdefghijklmnop',
    stripeRestricted: 'rk_live_51Habcdefghijklmnop',
    githubPat: 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
    githubOauth: 'gho_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
    githubUser: 'ghu_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
    githubServer: 'ghs_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
    githubFine: 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
    awsKey: 'AKIAIOSFODNN7EXAMPLE',
    awsTemp: 'ASIAIOSFODNN7EXAMPLE',
    google: 'AIzaSyA-1234567890abcdefghijklmnopqrstu',
    groq: 'gsk_abcdefghijklmnopqrstuvwxyz0123',
    slackBot: 'xoxb-1234567890-abcdefghijkl',
    slackUser: 'xoxp-1234567890-abcdefghijkl',
    jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  };
  for (const [name, secret] of Object.entries(samples)) {
    const out = redact({ note: `the ${name} key is ${secret}, keep it safe` }, []) as { note: string };
    assert.equal(out.note, `the ${name} key is [REDACTED], keep it safe`, name);
  }
});

test('redact replaces credential assignments in text and credential-named keys, keeping the names', () => {
  const out = redact(
    {
      log: 'x-api-key: abc123value\napi_key=zzz999 next',
      json: '{"apiKey": "k-12345", "symbol": "DEMO"}',
      pw: 'password=hunter22&user=bob',
      header: 'Authorization: Bearer tok.en.value',
      nested: { apiKey: 'short1', access_token: 'opaque-token', price: 12 },
    },
    [],
  ) as Record<string, unknown>;
  assert.equal(out.log, 'x-api-key: [REDACTED]\napi_key=[REDACTED] next');
  assert.equal(out.json, '{"apiKey": "[REDACTED]", "symbol": "DEMO"}');
  assert.equal(out.pw, 'password=[REDACTED]&user=bob');
  assert.equal(out.header, 'Authorization: [REDACTED]');
  assert.deepEqual(out.nested, { apiKey: '[REDACTED]', access_token: '[REDACTED]', price: 12 });
});

test('redact applies host patterns, with or without the g flag', () => {
  const out = redact('ACME-KEY-1234 and ACME-KEY-5678 and internal#42#', [], {
    patterns: [/ACME-KEY-\d+/, /internal#\d+#/g],
  });
  assert.equal(out, '[REDACTED] and [REDACTED] and [REDACTED]');
});

test('redact does not touch words that merely contain a prefix', () => {
  const text = 'risk-adjusted returns; the skyline; task_live_view; AKIA is short; eyJ alone; Bearer of news';
  assert.equal(redact(text, []), text.replace('Bearer of', 'Bearer [REDACTED]'));
});

test('redact survives 5,000 levels of nesting and cuts everything below 64 levels', () => {
  let deep: unknown = { secret: 'sk-abcdefghijklmnop1234' };
  for (let i = 0; i < 5000; i++) deep = i % 2 ? { child: deep } : [deep];
  const out = redact({ top: 'sk-abcdefghijklmnop1234', deep }, []);
  const json = JSON.stringify(out);
  assert.ok(!json.includes('sk-abcdefghijklmnop1234'));
  assert.ok(json.includes('[nested too deep]'));
  let depth = 0;
  let node: unknown = out;
  while (node && typeof node === 'object') {
    depth++;
    node = Array.isArray(node)
      ? node[0]
      : ((node as Record<string, unknown>).deep ?? (node as Record<string, unknown>).child);
  }
  assert.equal(node, '[nested too deep]');
  assert.equal(depth, 64);
});

test('redact cuts cycles and keeps shared references', () => {
  const shared = { v: 'sk-abcdefghijklmnop1234' };
  const cyclic: Record<string, unknown> = { a: shared, b: shared };
  cyclic.self = cyclic;
  const out = redact(cyclic, []) as Record<string, unknown>;
  assert.deepEqual(out, { a: { v: '[REDACTED]' }, b: { v: '[REDACTED]' }, self: undefined });
});
