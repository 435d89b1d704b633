import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The WordPress plugin under integrations/wordpress, run by PHP CLI with tiny stubs of the WordPress
// functions it calls: the node test (test/node/integrations/wordpress-plugin.test.ts) and the browser
// test's page of its real output (web-test-runner.config.js, /test/pages/cms/wordpress.html).
const root = fileURLToPath(new URL('../../../', import.meta.url));
export const pluginDir = join(root, 'integrations/wordpress/kline-chart-agent');
export const hasPhp = spawnSync('php', ['-v']).status === 0;

/** Where `plugins_url` says the plugin is (the browser test serves it from its own origin). */
export const EXAMPLE_PLUGINS_URL = 'https://example.test/wp-content/plugins/kline-chart-agent/';

/** Stubs of the WordPress API the plugin uses; `modules` chooses WordPress ≥ 6.5 (script modules) or older. */
export function harness(body: string, modules: boolean, pluginsUrl = EXAMPLE_PLUGINS_URL): string {
  return `<?php
define('ABSPATH', '/tmp/');
$GLOBALS['kca'] = array('filters' => array(), 'shortcodes' => array(), 'scripts' => array(), 'modules' => array(), 'styles' => array(), 'ids' => array());
function add_filter($hook, $cb, $priority = 10, $args = 1) { $GLOBALS['kca']['filters'][$hook][] = $cb; return true; }
function add_action($hook, $cb, $priority = 10, $args = 1) { return add_filter($hook, $cb, $priority, $args); }
function apply_filters($hook, $value, ...$args) { foreach ($GLOBALS['kca']['filters'][$hook] ?? array() as $cb) { $value = $cb($value, ...$args); } return $value; }
function add_shortcode($tag, $cb) { $GLOBALS['kca']['shortcodes'][$tag] = $cb; }
function shortcode_atts($pairs, $atts, $shortcode = '') { $atts = (array) $atts; $out = array(); foreach ($pairs as $name => $default) { $out[$name] = array_key_exists($name, $atts) ? $atts[$name] : $default; } return $out; }
function esc_attr($text) { return htmlspecialchars((string) $text, ENT_QUOTES, 'UTF-8'); }
function esc_url($url) { return htmlspecialchars((string) $url, ENT_QUOTES, 'UTF-8'); }
function wp_unique_id($prefix = '') { static $n = 0; return $prefix . (string) ++$n; }
function plugins_url($path, $file) { return ${JSON.stringify(pluginsUrl)} . $path; }
function wp_enqueue_script($handle, $src, $deps = array(), $ver = false, $footer = false) { $GLOBALS['kca']['scripts'][$handle] = $src; }
function wp_enqueue_style($handle, $src, $deps = array(), $ver = false) { $GLOBALS['kca']['styles'][$handle] = $src; }
${modules ? "function wp_enqueue_script_module($id, $src = '', $deps = array(), $ver = false) { $GLOBALS['kca']['modules'][$id] = $src; }" : ''}
require ${JSON.stringify(join(pluginDir, 'kline-chart-agent.php'))};
${body}
`;
}

/** Runs a PHP file of `source`; fails on a non-zero exit or any warning or notice. */
export function runPhp(source: string): string {
  const work = mkdtempSync(join(tmpdir(), 'kline-wp-'));
  try {
    const file = join(work, 'harness.php');
    writeFileSync(file, source);
    const r = spawnSync('php', ['-d', 'display_errors=stderr', file], { encoding: 'utf8' });
    assert.equal(r.status, 0, `php failed: ${r.stderr}`);
    assert.equal(r.stderr, '', 'no PHP warnings or notices');
    return r.stdout;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface RenderedShortcodes {
  html: string[];
  state: { scripts: Record<string, string>; modules: Record<string, string>; styles: Record<string, string> };
}

/** The `[kline_chart …]` shortcode's output for each set of attributes, and what it enqueued. */
export function renderShortcodes(
  atts: Record<string, string>[],
  modules = true,
  pluginsUrl = EXAMPLE_PLUGINS_URL,
): RenderedShortcodes {
  const out = runPhp(
    harness(
      `
$html = array();
foreach (json_decode(${JSON.stringify(JSON.stringify(atts))}, true) as $atts) { $html[] = call_user_func($GLOBALS['kca']['shortcodes']['kline_chart'], $atts); }
echo json_encode(array('html' => $html, 'state' => $GLOBALS['kca']));
`,
      modules,
      pluginsUrl,
    ),
  );
  return JSON.parse(out) as RenderedShortcodes;
}
