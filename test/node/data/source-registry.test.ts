import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DataSource } from '../../../src/core/data/data-source.js';
import { createDefaultSourceRegistry, DataSourceRegistry } from '../../../src/core/data/source-registry.js';
import * as publicFace from '../../../src/core/data/index.js';

function fakeSource(id: string, label = id): DataSource {
  return {
    id,
    label,
    periods: ['1d'],
    searchInstruments: async () => [],
    getBars: async () => {
      throw new Error('unused');
    },
  };
}

test('the default registry holds the sample source', async () => {
  const registry = createDefaultSourceRegistry();
  assert.deepEqual(registry.ids(), ['sample']);
  const sample = registry.get('sample');
  assert.equal(sample?.label, 'Sample data (offline)');
  assert.equal((await sample?.searchInstruments('DEMO'))?.[0].symbol, 'DEMO');
});

test('register adds, the returned function removes exactly that source', () => {
  const registry = new DataSourceRegistry();
  const off = registry.register(fakeSource('csv'));
  registry.register(fakeSource('binance'));
  assert.deepEqual(registry.ids(), ['csv', 'binance']);
  assert.deepEqual(
    registry.list().map((s) => s.id),
    ['csv', 'binance'],
  );
  off();
  off();
  assert.equal(registry.get('csv'), undefined);
  assert.deepEqual(registry.ids(), ['binance']);
});

test('a source with an existing id shadows it until unregistered', () => {
  const registry = createDefaultSourceRegistry();
  const original = registry.get('sample');
  const off = registry.register(fakeSource('sample', 'Mine'));
  assert.equal(registry.get('sample')?.label, 'Mine');
  assert.equal(registry.list().length, 1);
  off();
  assert.equal(registry.get('sample'), original);
});

test('the public face exports the names the chart uses', () => {
  for (const name of [
    'createSampleSource',
    'getSampleInstruments',
    'createUrlSource',
    'parseBarsCsv',
    'parseBarsJson',
    'aggregateBars',
    'formatMarketTime',
    'parseMarketTime',
    'zonedParts',
    'zoneOffsetMs',
    'zonedTimeToUtc',
    'DataSourceRegistry',
    'createDefaultSourceRegistry',
  ]) {
    assert.equal(typeof (publicFace as Record<string, unknown>)[name], 'function', name);
  }
});
