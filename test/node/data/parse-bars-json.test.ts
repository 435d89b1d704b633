import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { locateJsonError } from '../../../src/core/data/locate-json-error.js';
import { parseBarsJson } from '../../../src/core/data/parse-bars-json.js';

function assertParseError(text: string, message: string, line?: number): void {
  assert.throws(
    () => parseBarsJson(text),
    (error: unknown) => {
      assert.ok(error instanceof DataSourceError, String(error));
      assert.equal(error.code, 'parse');
      assert.ok(error.message.startsWith(message), `"${error.message}" does not start with "${message}"`);
      assert.equal(error.line, line);
      return true;
    },
  );
}

test('array of objects with long or short keys, numbers or numeric strings', () => {
  const long = parseBarsJson('[{"time":"2024-03-08T14:30:00Z","open":1,"high":2,"low":0.5,"close":1.5,"volume":10}]');
  assert.deepEqual(
    [long.bars.time[0], long.bars.close[0], long.bars.volume[0]],
    [Date.UTC(2024, 2, 8, 14, 30), 1.5, 10],
  );
  assert.equal(long.timeZone, 'UTC');
  const short = parseBarsJson(
    '[{"t":1709908200,"o":"1","h":"2","l":"0.5","c":"1.5"},{"t":1709908260000,"o":1,"h":2,"l":1,"c":2,"v":5}]',
  );
  assert.deepEqual(Array.from(short.bars.time), [1709908200000, 1709908260000]);
  assert.deepEqual(Array.from(short.bars.open), [1, 1]);
  assert.deepEqual(Array.from(short.bars.volume), [0, 5]);
});

test('array of arrays [time, open, high, low, close, volume]', () => {
  const { bars } = parseBarsJson('[[1709908260000,"2","3","1","2.5","7"],[1709908200000,1,2,0.5,1.5]]');
  assert.deepEqual(Array.from(bars.time), [1709908200000, 1709908260000]);
  assert.deepEqual(Array.from(bars.volume), [0, 7]);
});

test('wrapped object: metadata, and times read in the file timezone rather than the option', () => {
  const text = JSON.stringify({
    symbol: 'XYZ',
    name: 'Xyz Ltd',
    exchange: 'SSE',
    timezone: 'Asia/Shanghai',
    period: '1m',
    bars: [{ date: '2024-03-08 09:30', open: 1, high: 1, low: 1, close: 1, volume: 1 }],
  });
  const parsed = parseBarsJson(text, { timeZone: 'America/New_York' });
  assert.deepEqual(
    [parsed.symbol, parsed.name, parsed.exchange, parsed.timeZone, parsed.period, parsed.bars.time[0]],
    ['XYZ', 'Xyz Ltd', 'SSE', 'Asia/Shanghai', '1m', Date.UTC(2024, 2, 8, 1, 30)],
  );
  const plain = parseBarsJson('{"bars":[{"date":"2024-03-08 09:30","open":1,"high":1,"low":1,"close":1}]}', {
    timeZone: 'America/New_York',
  });
  assert.equal(plain.bars.time[0], Date.UTC(2024, 2, 8, 14, 30));
  assert.equal(plain.timeZone, 'America/New_York');
});

test('columnar at the top level or under bars', () => {
  const top = parseBarsJson(
    '{"time":["2024-03-08","2024-03-11"],"open":[1,2],"high":[2,3],"low":[0.5,1],"close":[1.5,2.5],"volume":[10,20]}',
  );
  assert.deepEqual(Array.from(top.bars.close), [1.5, 2.5]);
  assert.deepEqual(Array.from(top.bars.time), [Date.UTC(2024, 2, 8), Date.UTC(2024, 2, 11)]);
  const nested = parseBarsJson(
    '{"symbol":"C","bars":{"t":[1709908320,1709908260,1709908200],"o":[1,1,1],"h":[3,2,1],"l":[1,1,1],"c":[3,2,1]}}',
  );
  assert.equal(nested.symbol, 'C');
  assert.deepEqual(Array.from(nested.bars.time), [1709908200000, 1709908260000, 1709908320000]);
  assert.deepEqual(Array.from(nested.bars.close), [1, 2, 3]);
});

test('value errors name the array index and field', () => {
  const good = (i: number): string => `{"time":${1709908200 + i * 60},"open":1,"high":2,"low":0.5,"close":1.5}`;
  const thirteen = Array.from({ length: 12 }, (_, i) => good(i)).join(',');
  assertParseError(
    `{"bars":[${thirteen},{"time":1709999999,"open":1,"high":2,"low":0.5,"close":"n/a"}]}`,
    'bars[12].close: expected a number',
  );
  assertParseError('[{"time":1709908200,"open":1,"low":0.5,"close":1.5}]', '[0].high: missing');
  assertParseError('[{"time":"soon","open":1,"high":2,"low":0.5,"close":1.5}]', '[0].time: expected a time');
  // An API's error object instead of bars: said at the root, with what the file holds (not "time: missing column").
  assertParseError(
    '{"error":"rate limited","retryAfter":30}',
    '(root): expected an array of bars, an object with a "bars" array, or an object of columns; found error, retryAfter',
  );
  assertParseError(
    '{}',
    '(root): expected an array of bars, an object with a "bars" array, or an object of columns; found nothing',
  );
  // A spreadsheet's serial dates are not epoch seconds (they would be January 1970).
  assertParseError('[[45293,1,2,0.5,1.5]]', '[0].time: 45293 looks like a spreadsheet serial date');
  assertParseError('{"time":[45293.5],"open":[1],"high":[2],"low":[0.5],"close":[1.5]}', 'time[0]: 45293.5 looks like');
  assertParseError(
    '[{"time":1709908200,"open":1,"high":0.4,"low":0.5,"close":1.5}]',
    '[0].high: high is lower than low',
  );
  assertParseError(`{"bars":[${good(0)},${good(1)},${good(1)}]}`, 'bars[2].time: duplicate time (same as bars[1])');
  assertParseError(`[${good(0)},${good(2)},${good(1)}]`, '[2].time: time out of order');
  assertParseError('[42]', '[0]: expected an object');
  assertParseError(
    '{"time":[1709908200,1709908260],"open":[1,1],"high":[1,1],"low":[1,1],"close":[1]}',
    'close: expected 2 values',
  );
  assertParseError(
    '{"time":[1709908200,1709908260],"open":[1,1],"high":[1,1],"low":[1,1],"close":[1,null]}',
    'close[1]: expected a number',
  );
  assertParseError('{"time":[1709908200],"open":[1],"high":[1],"low":[1]}', 'close: missing column');
  assertParseError('{"period":"2d","bars":[]}', 'period: expected one of');
  assertParseError('{"timezone":"Mars/Base","bars":[]}', 'timezone: unknown time zone');
  assertParseError('{"bars":"none"}', 'bars: expected an array');
  assertParseError('12', '(root): expected an array');
});

test('syntax errors report the line computed from the error position', () => {
  assertParseError(
    '[\n  {"time": 1, "open": 1,\n   "high": 2 "low": 0}\n]',
    'JSON syntax error at line 3, column 14',
    3,
  );
  assertParseError('[\n  {"time": 1},\n]', 'JSON syntax error at line 3', 3);
  assertParseError('{\n"bars": [\n', 'JSON syntax error at line 3', 3);
  assertParseError('', 'JSON syntax error at line 1', 1);
});

test('locateJsonError agrees with JSON.parse on validity', () => {
  const samples = [
    '{}',
    '[]',
    '[1,-2.5e3,"a\\u00e9\\n",true,false,null,{"a":[{}]}]',
    ' "x" ',
    '[1,]',
    '{"a" 1}',
    '[01]',
    '"\\x"',
    'tru',
    '{"a":1}}',
    '[1e]',
    '"a\u0001"',
    'nul',
  ];
  for (const text of samples) {
    let valid = true;
    try {
      JSON.parse(text);
    } catch {
      valid = false;
    }
    assert.equal(locateJsonError(text) === -1, valid, text);
  }
});
