import { test } from 'node:test';
import assert from 'node:assert/strict';
import { comparisonColor, readChartTheme } from '../../../src/render/chart-theme.js';

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

function style(props: Record<string, string>): CSSStyleDeclaration {
  return { getPropertyValue: (name: string) => props[name] ?? '' } as unknown as CSSStyleDeclaration;
}

for (const [theme, background] of [
  ['light', '#ffffff'],
  ['dark', '#131722'],
  ['dark toolbar', '#1e222d'],
] as const) {
  test(`every indicator colour reaches 4.5:1 on the ${theme} background ${background}`, () => {
    const palette = readChartTheme(style({ '--kline-background': background }), 'green-up').palette;
    assert.equal(palette.length, 8);
    for (const color of palette)
      assert.ok(
        contrast(color, background) >= 4.5,
        `${color} on ${background}: ${contrast(color, background).toFixed(2)}:1`,
      );
  });
}

test('a host background given as rgb() picks the matching palette', () => {
  const dark = readChartTheme(style({ '--kline-background': 'rgb(19, 23, 34)' }), 'green-up').palette;
  assert.deepEqual(dark, readChartTheme(style({ '--kline-background': '#131722' }), 'green-up').palette);
});

for (const [theme, background] of [
  ['light', '#ffffff'],
  ['dark', '#131722'],
] as const) {
  test(`every comparison line colour reaches 4.5:1 on the ${theme} background ${background}`, () => {
    const t = readChartTheme(style({ '--kline-background': background }), 'green-up');
    // The colours the core stores for the first five comparisons (src/core/commands/comparison-tools.ts).
    const stored = ['#ff9800', '#9c27b0', '#00bcd4', '#e91e63', '#8bc34a'];
    const painted = stored.map((c) => comparisonColor(t, c));
    assert.equal(new Set(painted).size, 5, 'five distinct colours');
    for (const color of painted)
      assert.ok(
        contrast(color, background) >= 4.5,
        `${color} on ${background}: ${contrast(color, background).toFixed(2)}:1`,
      );
    assert.equal(comparisonColor(t, '#123456'), '#123456', 'a colour of its own is painted as given');
  });
}
