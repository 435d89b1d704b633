/**
 * Canvas words of drawings in the built-in locales (catalogue section `drawing.units`): the long and
 * short positions' risk/reward ratio and an empty text drawing's placeholder follow the chart's
 * language, as the date range's bars and span do.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawingSegments } from '../../../src/core/drawings/index.js';
import { drawingStrings } from '../../../components/drawing-toolbar/drawing-toolbar-strings.js';
import { loadLocale } from '../../../components/i18n/locale-registry.js';
import { makeDrawing, mapper, px, texts } from './drawing-fixtures.js';

/** A long position: entry 50, target 60, stop 45 (ratio 2.00). */
const LONG = makeDrawing('long_position', [
  { time: px(100, 0).time, price: 50 },
  { time: px(400, 0).time, price: 60 },
  { time: px(100, 0).time, price: 45 },
]);

/** The entry's label of `LONG` and the placeholder of a text drawing without a label, in `locale`. */
async function canvasWords(locale: string): Promise<[string, string]> {
  await loadLocale(locale);
  const words = drawingStrings(locale).units;
  const ratio = texts(drawingSegments(LONG, mapper, { words })).at(-1)!.text;
  const [placeholder] = texts(drawingSegments(makeDrawing('text', [px(200, 100)]), mapper, { words }));
  return [ratio, placeholder.text];
}

test('English: the ratio as TradingView words it, "Text" as the placeholder', async () => {
  assert.deepEqual(await canvasWords('en'), ['Risk/Reward Ratio: 2.00', 'Text']);
});

test('ja, zh-CN and zh-TW: the ratio and the placeholder in the chart language, no English left', async () => {
  assert.deepEqual(await canvasWords('ja'), ['リスクリワード比: 2.00', 'テキスト']);
  assert.deepEqual(await canvasWords('zh-CN'), ['风险回报比：2.00', '文本']);
  assert.deepEqual(await canvasWords('zh-TW'), ['風險報酬比：2.00', '文字']);
});

test("a position's label goes before the localized ratio; a stop at the entry has no ratio", async () => {
  await loadLocale('ja');
  const words = drawingStrings('ja').units;
  const labelled = makeDrawing('long_position', [...LONG.points], { label: '計画A' });
  assert.equal(texts(drawingSegments(labelled, mapper, { words })).at(-1)!.text, '計画A: リスクリワード比: 2.00');
  const flat = makeDrawing('short_position', [LONG.points[0], LONG.points[1], { ...LONG.points[0] }]);
  assert.equal(texts(drawingSegments(flat, mapper, { words })).at(-1)!.text, 'リスクリワード比: —');
});
