import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSourceError, lazySource } from '../../../src/core/data/index.js';
import { chunkLoadError } from '../../../src/core/data/chunk-load-error.js';

const fetchFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: https://cms.example/chunks/sample-source-x.js');

test('a lazy source whose chunk cannot be fetched fails with a network error naming the source and the file, and tries again', async () => {
  let calls = 0;
  const source = lazySource({ id: 'sample', label: 'Sample data (offline)' }, async () => {
    calls++;
    throw fetchFailure();
  });
  await assert.rejects(source.getBars({ symbol: 'DEMO', period: '1d' }), (error: unknown) => {
    assert.ok(error instanceof DataSourceError);
    assert.equal(error.code, 'network');
    assert.match(error.message, /Sample data \(offline\)/);
    assert.match(error.message, /sample-source-x\.js/);
    assert.match(error.message, /chunks\/ folder beside kline-chart\.js/);
    return true;
  });
  await assert.rejects(source.searchInstruments('D'), DataSourceError);
  assert.equal(calls, 2, 'each call tries to fetch the chunk again');
});

test('an error that is already a DataSourceError keeps its code and words', () => {
  const original = new DataSourceError('not_found', 'Unknown symbol XYZ.');
  assert.equal(chunkLoadError('anything', original), original);
});
