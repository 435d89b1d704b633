import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerLocale, sectionStrings } from '../../../components/i18n/locale-registry.js';

// Development builds (build/, what this runs) warn once of a fixed key a translation lacks, and not of the
// open sections' keys (a host's own tools and studies); the bundle has neither the warning nor the test for it
// (components/i18n/locale-store.ts, rollup.config.js turns DEVELOPMENT off).

test('a registered locale lacking a fixed key: English shows, and one warning names it; open sections stay quiet', () => {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (message: unknown) => void warnings.push(String(message));
  try {
    registerLocale('eo', { toolErrors: { internal: 'Io misiris.' }, tools: {} });
    const words = sectionStrings('eo', 'toolErrors', {
      internal: 'Something went wrong inside the chart.',
      aborted: 'Stopped before it finished.',
    } as never) as unknown as Record<string, string>;
    assert.equal(words.internal, 'Io misiris.');
    assert.equal(words.aborted, 'Stopped before it finished.');
    sectionStrings('eo', 'tools', { chart_set_period: { label: 'Set period' } } as never);
    assert.deepEqual(warnings, ['kline-chart: no "eo" string for toolErrors.aborted; showing English.']);
  } finally {
    console.warn = warn;
  }
});
