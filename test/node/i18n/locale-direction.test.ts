import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localeDirection } from '../../../components/i18n/locale-direction.js';

test('localeDirection: the writing direction of a catalogue tag', () => {
  for (const tag of ['en', 'zh-CN', 'zh-TW', 'ja', 'fr-CA', 'ur-Latn']) assert.equal(localeDirection(tag), 'ltr', tag);
  for (const tag of ['ar', 'ar-EG', 'he', 'he-IL', 'fa', 'ur', 'yi']) assert.equal(localeDirection(tag), 'rtl', tag);
  // A tag that is not BCP-47 (registerLocale refuses it anyway) reads left to right rather than throwing.
  assert.equal(localeDirection('not a tag!'), 'ltr');
});
