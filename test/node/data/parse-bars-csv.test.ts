import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bars } from '../../../src/core/data/bars.js';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { parseBarsCsv } from '../../../src/core/data/parse-bars-csv.js';

function rows(bars: Bars): number[][] {
  return Array.from({ length: bars.length }, (_, i) => [
    bars.time[i],
    bars.open[i],
    bars.high[i],
    bars.low[i],
    bars.close[i],
    bars.volume[i],
  ]);
}

/** Asserts that parsing fails with a parse error on `line` whose message contains every `words`. */
function assertParseError(text: string, line: number, words: string[], timeZone = 'UTC'): void {
  assert.throws(
    () => parseBarsCsv(text, { timeZone }),
    (error: unknown) => {
      assert.ok(error instanceof DataSourceError, String(error));
      assert.equal(error.code, 'parse');
      assert.equal(error.line, line, error.message);
      assert.ok(error.message.startsWith(`line ${line}:`), error.message);
      for (const word of words) assert.ok(error.message.includes(word), `"${error.message}" lacks "${word}"`);
      return true;
    },
  );
}

test('comma CSV with dates in the market timezone, case-insensitive header, blank lines and trailing newline', () => {
  const text = 'Date,Open,High,Low,Close,Volume\n2024-03-08,10,11,9.5,10.5,1000\n\n2024-03-11,10.5,12,10,11.75,2500\n';
  const { bars } = parseBarsCsv(text, { timeZone: 'America/New_York' });
  assert.deepEqual(rows(bars), [
    [Date.UTC(2024, 2, 8, 5), 10, 11, 9.5, 10.5, 1000],
    [Date.UTC(2024, 2, 11, 4), 10.5, 12, 10, 11.75, 2500],
  ]);
});

test('semicolon CSV with decimal commas, epoch seconds and no volume column', () => {
  const text = 'timestamp;open;high;low;close\n1709908200;1,5;2,25;1,25;2\n1709908260;2;2,5;1,75;2,5';
  assert.deepEqual(rows(parseBarsCsv(text).bars), [
    [1709908200000, 1.5, 2.25, 1.25, 2, 0],
    [1709908260000, 2, 2.5, 1.75, 2.5, 0],
  ]);
});

test('tab-separated, epoch milliseconds, descending rows come out ascending', () => {
  const text =
    'time\topen\thigh\tlow\tclose\tvolume\n1709908320000\t3\t3\t3\t3\t3\n1709908260000\t2\t2\t2\t2\t2\n1709908200000\t1\t1\t1\t1\t1\n';
  const { bars } = parseBarsCsv(text);
  assert.deepEqual(Array.from(bars.time), [1709908200000, 1709908260000, 1709908320000]);
  assert.deepEqual(Array.from(bars.close), [1, 2, 3]);
});

test('BOM, CRLF, quoted cells, extra columns, ISO 8601 and wall-clock datetimes', () => {
  const text =
    '\uFEFF"datetime","symbol","open","high","low","close","volume"\r\n' +
    '"2024-03-08 09:30","X, Inc.",1,2,0.5,1.5,10\r\n' +
    '2024-03-08T09:31:00+08:00,X,1.5,2,1,1.75,\r\n' +
    '2024-03-08T01:32:00Z,X,1.75,2,1.5,2,7\r\n';
  const { bars } = parseBarsCsv(text, { timeZone: 'Asia/Shanghai' });
  assert.deepEqual(Array.from(bars.time), [
    Date.UTC(2024, 2, 8, 1, 30),
    Date.UTC(2024, 2, 8, 1, 31),
    Date.UTC(2024, 2, 8, 1, 32),
  ]);
  assert.deepEqual(Array.from(bars.volume), [10, 0, 7]);
});

test('separate Date and Time columns are joined and read in the market timezone', () => {
  const { bars } = parseBarsCsv(
    'Date,Time,Open,High,Low,Close\n2024-11-01,09:30,1,2,0.5,1.5\n2024-11-01,09:31,1.5,2,1,1.75\n',
    { timeZone: 'America/New_York' },
  );
  assert.deepEqual(Array.from(bars.time), [Date.UTC(2024, 10, 1, 13, 30), Date.UTC(2024, 10, 1, 13, 31)]);
});

test('a header-only file is an error naming the line after the header, not an empty chart', () => {
  assertParseError('time,open,high,low,close\n', 2, ['no bars']);
  assertParseError('\ntime,open,high,low,close\n\n\n', 3, ['no bars']);
});

test('bad values are refused with the line and the reason', () => {
  const header = 'time,open,high,low,close,volume\n';
  const ok = '2024-03-07,1,2,0.5,1.5,10\n';
  assertParseError(`${header}${ok}2024-03-08,1e999,2,0.5,1.5,10\n`, 3, ['open', 'not a finite number']);
  assertParseError(`${header}${ok}2024-03-08,1,2,0.5,1.5,-1e999\n`, 3, ['volume', 'not a finite number']);
  assertParseError(`${header}${ok}2024-03-08,1,2,0.5,1.5,-3\n`, 3, ['volume is negative']);
  assertParseError(`${header}${ok}2024-03-08,2.5,2,0.5,1.5,3\n`, 3, ['open is outside [low, high]']);
  assertParseError(`${header}${ok}2024-03-08,1,2,0.5,0.4,3\n`, 3, ['close is outside [low, high]']);
  assertParseError(`${header}${ok}2024-03-08,1,1,2,1,3\n`, 3, ['high is lower than low']);
  assertParseError(`${header}${ok}${ok}`, 3, ['duplicate time', 'line 2']);
  assertParseError(`${header}${ok}2024-03-09,1,2,0.5,1.5,10\n2024-03-08,1,2,0.5,1.5,10\n`, 4, ['out of order']);
  // Float noise at the edges of [low, high] passes.
  const noisy = parseBarsCsv(`${header}2024-03-08,0.30000000000000004,0.3,0.1,0.1,1\n`);
  assert.equal(noisy.bars.length, 1);
});

test('errors name the 1-based line and the reason; nothing is dropped silently', () => {
  const header = 'time,open,high,low,close,volume\n';
  assertParseError('', 1, ['empty']);
  assertParseError('\n\ndate,open,high,low,volume\n', 3, ['close']);
  assertParseError('open,high,low,close\n1,2,0,1\n', 1, ['time']);
  assertParseError(`${header}2024-03-08,1,2,0.5,1.5,10\n2024-03-09,1,2,0.5\n`, 3, ['columns']);
  assertParseError(`${header}2024-03-08,1,2,0.5,1.5,10\n\n2024-03-09,1,2,0.5,abc,10\n`, 4, ['close', 'not a number']);
  assertParseError(`${header}2024-03-08,1,2,,1.5,10\n`, 2, ['low', 'empty']);
  assertParseError(`${header}2024-03-08,1,1,2,1.5,10\n`, 2, ['high', 'low']);
  assertParseError(`${header}2024-03-08,1,2,0.5,1.5,lots\n`, 2, ['volume']);
  assertParseError(`${header}2024-03-08,1,2,0.5,1.5,10\nyesterday,1,2,0.5,1.5,10\n`, 3, ['time', 'yesterday']);
  assertParseError(`${header}2024-02-30,1,2,0.5,1.5,10\n`, 2, ['time']);
  assertParseError(`${header}2024-03-08,1,2,0.5,1.5,10\n2024-03-09,1,2,0.5,1.5,10\n2024-03-09,1,2,0.5,1.5,10\n`, 4, [
    'duplicate',
    'line 3',
  ]);
  assertParseError(`${header}2024-03-08,1,2,0.5,1.5,10\n2024-03-10,1,2,0.5,1.5,10\n2024-03-09,1,2,0.5,1.5,10\n`, 4, [
    'out of order',
  ]);
  assertParseError(`${header}2024-03-08,1,2,0.5,1.5,10,99\n`, 2, ['columns']);
  // A decimal comma in a comma-separated file shows up as extra columns, not as a silently wrong price.
  assertParseError(`${header}2024-03-08,1,5,2,0.5,1.5,10\n`, 2, ['columns']);
});

test('an unknown timezone is a parse error', () => {
  assert.throws(
    () => parseBarsCsv('time,open,high,low,close\n', { timeZone: 'Nowhere/City' }),
    (e: unknown) => e instanceof DataSourceError && e.code === 'parse',
  );
});
