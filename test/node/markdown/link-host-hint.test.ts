import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkHostHint } from '../../../components/agent-parts/markdown-view/link-host-hint.js';
import { safeHref } from '../../../components/agent-parts/markdown-view/safe-href.js';

test('a text that names another host gets the real one, punycode as is', () => {
  assert.equal(linkHostHint('paypal.com', 'https://xn--pypal-4ve.com/'), 'xn--pypal-4ve.com');
  assert.equal(
    linkHostHint('https://bank.example/login', 'https://bank.example.evil.test/login'),
    'bank.example.evil.test',
  );
  // A Unicode look-alike that encodes to the target itself is still flagged.
  assert.equal(linkHostHint('pаypal.com', 'https://xn--pypal-4ve.com/'), 'xn--pypal-4ve.com');
  assert.equal(linkHostHint('help@bank.example', 'mailto:help@evil.example'), 'evil.example');
});

test('no hint for the same host, www aside, or for a text that is no domain', () => {
  assert.equal(linkHostHint('example.com', 'https://example.com/a'), null);
  assert.equal(linkHostHint('www.example.com', 'https://example.com/'), null);
  assert.equal(linkHostHint('https://Example.com:8080/x', 'https://example.com:8080/x'), null);
  assert.equal(linkHostHint('the docs', 'https://evil.example/'), null);
  assert.equal(linkHostHint('v1.2', 'https://evil.example/'), null);
  assert.equal(linkHostHint('a@b.example', 'mailto:a@b.example'), null);
});

test('safeHref refuses anything but absolute http, https and mailto URLs', () => {
  assert.equal(safeHref('https://a.example'), 'https://a.example/');
  assert.equal(safeHref('java\tscript:alert(1)'), null);
  assert.equal(safeHref(' javascript:alert(1)'), null);
  assert.equal(safeHref('vbscript:x'), null);
  assert.equal(safeHref('data:text/html,<b>x</b>'), null);
  assert.equal(safeHref('//evil.example'), null);
});
