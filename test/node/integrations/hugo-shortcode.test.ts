import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { HUGO_HEIGHT_PATTERNS, HUGO_PANEL_ON, renderHugoShortcodes } from '../../integrations/hugo-shortcode.js';

// There is no hugo binary here: the browser test (security/cms-strict-csp) serves the output of
// test/integrations/hugo-shortcode.ts, a copy of the shortcode in TypeScript. This checks the copy
// against the template itself, and the template against the strict-policy promise.
const template = readFileSync(
  new URL('../../../../integrations/hugo/layouts/shortcodes/kline-chart.html', import.meta.url),
  'utf8',
);

/** The template's text outside its actions, each `{{-` / `-}}` trimming the whitespace beside it. */
function literals(source: string): string[] {
  const parts = source.split(/(\{\{-?[\s\S]*?-?\}\})/);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    let text = parts[i];
    if (i > 0 && /-\}\}$/.test(parts[i - 1])) text = text.replace(/^\s+/, '');
    if (i + 1 < parts.length && /^\{\{-/.test(parts[i + 1])) text = text.replace(/\s+$/, '');
    if (text.trim()) out.push(text);
  }
  return out;
}

const FULL = {
  symbol: 'BTCUSDT',
  period: '1h',
  indicators: 'MA(5,20),VOL',
  theme: 'dark',
  locale: 'ja',
  height: '420',
  panel: 'yes',
  'base-url': '/relay/v1',
};

describe('Hugo shortcode', () => {
  it('writes no style attribute and no <style>: a site under style-src ’self’ refuses both', () => {
    const body = template.replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '');
    assert.doesNotMatch(body, /\sstyle=|<style|safeCSS/i);
    assert.match(body, /<div class="kline-chart-agent">/, 'the layout is the placeholder stylesheet’s class');
    assert.equal((body.match(/ height="\{\{ \$height \}\}"/g) ?? []).length, 2, 'both elements get the height');
  });

  it('the TypeScript copy writes every piece of the template’s markup, in its order', () => {
    const out = renderHugoShortcodes({ relPermalink: '/posts/a/' }, [FULL]);
    const pieces = literals(template.replace(/^\{\{-\s*\/\*[\s\S]*?\*\/\s*-\}\}/, ''));
    assert.ok(pieces.length >= 10, pieces.join(' | '));
    let at = 0;
    for (const piece of pieces) {
      const found = out.indexOf(piece, at);
      assert.ok(found >= 0, `"${piece}" after ${at} in\n${out}`);
      at = found + piece.length;
    }
    assert.match(
      out,
      /<kline-chart id="kline-[0-9a-f]{8}-0" symbol="BTCUSDT" period="1h" indicators="MA\(5,20\),VOL" theme="dark" locale="ja" height="420px"><\/kline-chart>/,
    );
    assert.match(
      out,
      /<chart-agent-panel for="kline-[0-9a-f]{8}-0" theme="dark" locale="ja" base-url="\/relay\/v1" height="420px"><\/chart-agent-panel>/,
    );
  });

  it('the copy has the template’s height patterns and panel switch', () => {
    const patterns = [...template.matchAll(/findRE `([^`]+)`/g)].map((m) => m[1]);
    assert.deepEqual(patterns, [...HUGO_HEIGHT_PATTERNS]);
    const panel = /in \(slice ((?:"[^"]*" ?)+)\) \(\.Get "panel"\)/.exec(template);
    assert.ok(panel, 'the panel switch');
    assert.deepEqual(
      panel[1]
        .trim()
        .split(' ')
        .map((v) => JSON.parse(v) as string),
      [...HUGO_PANEL_ON],
    );
    const render = (height: string) =>
      /<kline-chart [^>]* height="([^"]*)"/.exec(renderHugoShortcodes({ relPermalink: '/' }, [{ height }]))![1];
    assert.equal(render('420'), '420px');
    assert.equal(render('30rem'), '30rem');
    assert.equal(render('100px;background:red'), '480px', 'a CSS injection falls back to the default');
  });
});
