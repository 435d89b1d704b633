/**
 * Issue #13: the phrases of approval cards, run summaries and undo conflicts in every built-in
 * locale say everything in that language: called with every branch's values (ids and codes as
 * data), no English word is left.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LocaleStrings } from '../../../components/i18n/catalogue.js';
import zhCN from '../../../components/i18n/locales/zh-CN.js';
import zhTW from '../../../components/i18n/locales/zh-TW.js';
import ja from '../../../components/i18n/locales/ja.js';

type Phrase = string | ((...args: never[]) => string);

/** Every value a phrase can return: each function called with data, and with empty optional parts. */
function texts(phrases: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const data = ['X1', 'X2', 'X3'];
  for (const [key, value] of Object.entries(phrases)) {
    const phrase = value as Phrase;
    if (typeof phrase === 'string') out.push(phrase);
    else if (key === 'movePane') for (const d of ['up', 'down', 'top', 'bottom']) out.push(call(phrase, ['X1', d]));
    else if (key === 'addStudy') for (const pane of ['price', 'X2', '']) out.push(call(phrase, ['X1', pane]));
    else {
      out.push(call(phrase, data));
      out.push(call(phrase, [data[0], '', '']));
      out.push(call(phrase, [2, '', '']));
    }
  }
  return out;
}

function call(phrase: Phrase, args: unknown[]): string {
  return typeof phrase === 'string' ? phrase : String((phrase as (...a: unknown[]) => string)(...args));
}

const LOCALES: Record<string, LocaleStrings> = { 'zh-CN': zhCN, 'zh-TW': zhTW, ja };

for (const [tag, locale] of Object.entries(LOCALES)) {
  test(`${tag}: approval sentences, run summaries and undo conflicts have no English words`, () => {
    const panel = locale.panel!;
    const all = [
      ...texts(panel.approval!.calls!),
      ...texts(panel.runChanges!.summary!),
      ...texts(panel.runChanges!.conflicts!),
      panel.runChanges!.on!,
      panel.runChanges!.off!,
    ];
    assert.ok(all.length > 60, `${tag}: ${all.length} texts`);
    const english = all.filter((t) => /[A-Za-z]{2,}/.test(t.replace(/X\d/g, '')));
    assert.deepEqual(english, []);
  });
}
