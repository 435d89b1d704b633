import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import {
  harness,
  hasPhp,
  pluginDir,
  renderShortcodes as render,
  runPhp,
} from '../../integrations/wordpress-harness.js';

// The WordPress plugin under integrations/wordpress, run by PHP CLI with tiny stubs of the
// WordPress functions it calls (test/integrations/wordpress-harness.ts). CI installs php-cli;
// elsewhere the PHP tests skip without it.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const skip = !hasPhp && !process.env.CI ? 'php is not installed (CI installs php-cli)' : false;

function phpFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'assets') out.push(...phpFiles(path));
    else if (entry.name.endsWith('.php')) out.push(path);
  }
  return out;
}

/** Attribute values of every `<tag …>` in `html`, decoded like a browser would. */
function elements(html: string, tag: string): Record<string, string>[] {
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(new RegExp(`<${tag}((?:\\s+[\\w-]+="[^"]*")*)\\s*>`, 'g'))].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])])),
  );
}

describe('WordPress plugin', { skip }, () => {
  it('every PHP file passes php -l', () => {
    const files = phpFiles(pluginDir);
    assert.ok(files.length >= 5, `found ${files.length} PHP files`);
    for (const file of files) {
      const r = spawnSync('php', ['-l', file], { encoding: 'utf8' });
      assert.equal(r.status, 0, `${file}: ${r.stdout}${r.stderr}`);
    }
    assert.match(
      readFileSync(join(pluginDir, 'kline-chart-agent.php'), 'utf8'),
      /^ \* Plugin Name: +K-line Chart Agent$/m,
      'plugin header',
    );
  });

  it('two shortcodes give two charts with unique ids, each panel serving its own chart', () => {
    const { html } = render([
      { symbol: 'BTCUSDT', period: '1h', indicators: 'MA(5,20),VOL', theme: 'dark', height: '420', panel: 'yes' },
      { symbol: 'ETHUSDT', panel: 'yes' },
      { symbol: 'DEMO' },
    ]);
    const charts = html.map((h) => elements(h, 'kline-chart'));
    const panels = html.map((h) => elements(h, 'chart-agent-panel'));
    assert.deepEqual(
      charts.map((c) => c.length),
      [1, 1, 1],
    );
    const ids = charts.map((c) => c[0].id);
    assert.equal(new Set(ids).size, 3, `unique ids: ${ids.join(', ')}`);
    assert.equal(panels[0][0].for, ids[0]);
    assert.equal(panels[1][0].for, ids[1]);
    assert.equal(panels[2].length, 0, 'no panel without panel="yes"');
    assert.deepEqual(
      [charts[0][0].symbol, charts[0][0].period, charts[0][0].indicators, charts[0][0].theme],
      ['BTCUSDT', '1h', 'MA(5,20),VOL', 'dark'],
    );
    assert.equal(charts[0][0].height, '420px');
    assert.equal(panels[0][0].height, '420px');
    assert.equal(panels[0][0].theme, 'dark');
    assert.equal(charts[1][0].height, '480px', 'default height');
    // No style attribute and no <style>: a site under `style-src 'self'` refuses both (README, CSP).
    for (const h of html) {
      assert.ok(!/\sstyle=|<style/i.test(h), h);
      assert.match(h, /^<div class="kline-chart-agent">/, 'the layout is the placeholder stylesheet’s class');
    }
    assert.equal(charts[1][0].period, undefined, 'empty attributes are left out');
  });

  it('escapes a hostile attribute and refuses a CSS injection through height', () => {
    const hostile = '"><script>alert(1)</script>';
    const { html } = render([
      { symbol: hostile, indicators: "x' onload='alert(1)", height: '100px;background:url(x)', panel: 'yes' },
    ]);
    assert.ok(!html[0].includes('<script'), html[0]);
    const chart = elements(html[0], 'kline-chart')[0];
    assert.deepEqual(Object.keys(chart), ['id', 'symbol', 'indicators', 'height'], 'no attribute injected');
    assert.equal(chart.symbol, hostile, 'the value survives as text');
    assert.equal(chart.indicators, "x' onload='alert(1)");
    assert.equal(chart.height, '480px', 'an invalid height falls back to 480px');
    assert.equal(elements(html[0], 'chart-agent-panel')[0].for, chart.id);
  });

  it('enqueues the module from its own assets folder: a script module on WordPress ≥ 6.5, type="module" before', () => {
    const modern = render([{ symbol: 'DEMO' }, { symbol: 'DEMO' }], true).state;
    assert.deepEqual(modern.modules, {
      'kline-chart-agent': 'https://example.test/wp-content/plugins/kline-chart-agent/assets/kline-chart.js',
    });
    assert.equal(Object.keys(modern.scripts).length, 0, 'no classic script');
    assert.deepEqual(modern.styles, {
      'kline-chart-agent-placeholder':
        'https://example.test/wp-content/plugins/kline-chart-agent/assets/kline-chart-placeholder.css',
    });
    const legacy = render([{ symbol: 'DEMO' }], false).state;
    assert.deepEqual(legacy.scripts, {
      'kline-chart-agent': 'https://example.test/wp-content/plugins/kline-chart-agent/assets/kline-chart.js',
    });
    const tag = runPhp(
      harness(
        `echo apply_filters('script_loader_tag', "<script src='x'></script>", 'kline-chart-agent', 'https://example.test/a.js?ver=1&x=2');
echo apply_filters('script_loader_tag', "<script src='other.js'></script>", 'other', 'other.js');`,
        false,
      ),
    );
    assert.equal(
      tag,
      '<script type="module" src="https://example.test/a.js?ver=1&amp;x=2" id="kline-chart-agent-js"></script>\n<script src=\'other.js\'></script>',
    );
  });

  it('lets both elements and their documented attributes through kses in posts, never api-key', () => {
    const out = JSON.parse(
      runPhp(
        harness(
          `echo json_encode(array(
      'post' => apply_filters('wp_kses_allowed_html', array('p' => array()), 'post'),
      'comment' => apply_filters('wp_kses_allowed_html', array('p' => array()), 'pre_comment'),
    ));`,
          true,
        ),
      ),
    ) as Record<string, Record<string, Record<string, boolean>>>;
    const post = out.post;
    assert.ok(post.p, 'other tags kept');
    // `style` stays for sites without a strict policy; `height` sizes the elements where it is refused.
    for (const name of ['id', 'symbol', 'period', 'indicators', 'theme', 'persist-key', 'agent', 'style', 'height'])
      assert.equal(post['kline-chart'][name], true, name);
    for (const name of [
      'for',
      'base-url',
      'model',
      'read-only',
      'session-key',
      'debug',
      'theme',
      'locale',
      'style',
      'height',
    ])
      assert.equal(post['chart-agent-panel'][name], true, name);
    assert.equal(post['chart-agent-panel']['api-key'], undefined, 'api-key is never allowed');
    assert.equal(post['kline-chart']['onload'], undefined);
    assert.equal(out.comment['kline-chart'], undefined, 'comments are not widened');
  });
});

describe('npm run zip:wordpress', () => {
  it(
    'packs the plugin with the bundle, its chunks and the placeholder stylesheet',
    { skip: existsSync(join(root, 'dist/kline-chart.js')) ? false : 'dist/ is not built' },
    () => {
      const r = spawnSync(process.execPath, ['scripts/zip-wordpress.js'], { cwd: root, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const entries = readZip(readFileSync(join(root, 'dist/kline-chart-agent-wordpress.zip')));
      const names = [...entries.keys()];
      for (const name of [
        'kline-chart-agent.php',
        'includes/shortcode.php',
        'includes/kses.php',
        'assets/kline-chart.js',
        'assets/kline-chart-placeholder.css',
      ]) {
        assert.ok(entries.has(`kline-chart-agent/${name}`), `${name} in ${names.join(', ')}`);
      }
      assert.deepEqual(
        entries.get('kline-chart-agent/assets/kline-chart.js'),
        readFileSync(join(root, 'dist/kline-chart.js')),
        'the bundle, byte for byte',
      );
      const entry = entries.get('kline-chart-agent/assets/kline-chart.js')!.toString('utf8');
      for (const chunk of entry.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g))
        assert.ok(entries.has(`kline-chart-agent/assets/${chunk[1]}`), `chunk ${chunk[1]}`);
      assert.ok(!names.some((n) => n.endsWith('.map') || n.endsWith('.zip')));
    },
  );
});

/** Entries of a zip (stored or deflated), by name, read through the central directory. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const body = zip.subarray(dataAt, dataAt + size);
    out.set(name, method === 8 ? inflateRawSync(body) : Buffer.from(body));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}
