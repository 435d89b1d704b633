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

test('invisible characters and ideographic dots in the text do not hide the real host', () => {
  const evil = 'https://evil.example/';
  // Each text shows as "paypal.com" (or close to it) but a zero-width space, word joiner, soft hyphen,
  // joiner, mark or byte-order mark kept it from reading as a domain, so the link went unflagged.
  for (const invisible of ['\u200b', '\u2060', '\u00ad', '\u200d', '\u200e', '\ufeff']) {
    assert.equal(linkHostHint(`paypal.com${invisible}`, evil), 'evil.example', JSON.stringify(invisible));
    assert.equal(linkHostHint(`https://paypal.co${invisible}m/login`, evil), 'evil.example', JSON.stringify(invisible));
  }
  // IDNA reads these full stops as dots.
  for (const dot of ['\u3002', '\uff0e', '\uff61']) assert.equal(linkHostHint(`paypal${dot}com`, evil), 'evil.example');
  // A bidi override shows "paypal.com" for the text "moc.lapyap": the real host is shown even when it is that text.
  assert.equal(linkHostHint('\u202emoc.lapyap', 'https://moc.lapyap/'), 'moc.lapyap');
  // Hidden characters around the real host itself: shown too (it is the truth, and the text was not what it looks like).
  assert.equal(linkHostHint('paypal.com\u200b', 'https://paypal.com/'), 'paypal.com');
  assert.equal(linkHostHint('\u200b', evil), null);
});

test('a link with user info before its host always shows the real host', () => {
  // The text is the URL itself (an autolink): "www.paypal.com@…" still reads as paypal to most people.
  assert.equal(
    linkHostHint('https://www.paypal.com@evil.example/login', 'https://www.paypal.com@evil.example/login'),
    'evil.example',
  );
  assert.equal(linkHostHint('the docs', 'https://user:pw@evil.example/'), 'evil.example');
  assert.equal(linkHostHint('a@b.example', 'mailto:a@b.example'), null);
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
