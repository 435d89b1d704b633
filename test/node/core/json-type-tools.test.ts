import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/*
 * The built-in tools' schemas (src/core/commands/*-tools.ts), the settings and session schemas and
 * the studies' params are written with `Type` from '@sinclair/typebox'. In the browser bundle that
 * import is the bundle's own `Type` (src/core/tools/json-type.ts, via rollup.config.js
 * `slimTypeBox`), whose Object, Intersect, Pick, Omit, Partial, Required, Record, Optional and
 * Readonly are not TypeBox's (issue #12). Building everything once each way in a child process
 * (json-type-tools-child.ts, the bundle's routing replayed by typebox-bundle-hooks.ts) must give the
 * same tools and schemas, symbol keys and key order included.
 */

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./json-type-tools-child.js', import.meta.url));
const HOOKS = fileURLToPath(new URL('./typebox-bundle-hooks.js', import.meta.url));

async function snapshot(bundleRouting: boolean): Promise<Record<string, unknown>> {
  const env = { ...process.env, JSON_TYPE_TOOLS_CHILD: '1', JSON_TYPE_BUNDLE_HOOKS: bundleRouting ? '1' : '0' };
  const { stdout } = await run(process.execPath, ['--import', HOOKS, CHILD], { env, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

test('The chart’s tools and the library’s schemas are the same built with the bundle’s Type as with TypeBox’s', async () => {
  const [typebox, bundle] = await Promise.all([snapshot(false), snapshot(true)]);
  const { routedToJsonType: plainRouted, ...plain } = typebox;
  const { routedToJsonType: bundleRouted, ...routed } = bundle;
  assert.equal(plainRouted, false, 'the plain run uses TypeBox’s Type');
  assert.equal(bundleRouted, true, 'the bundle-routed run uses json-type’s Type');
  const list = plain.list as { name: string }[];
  assert.ok(list.length >= 39, `every built-in tool is listed (${list.length})`);
  const modules = Object.keys(plain.modules as object);
  for (const expected of [
    'src/core/commands/marker-tools.js',
    'src/core/commands/pane-tools.js',
    'src/core/commands/indicator-tools.js',
    'src/core/state/settings-schema.js',
    'src/agent/session-record-schema.js',
    'components/settings-dialog/settings-form-schema.js',
  ])
    assert.ok(modules.includes(expected), `${expected} is compared`);
  // Key order and symbol keys count: both are JSON texts of schemaSnapshot (schema-compare.ts).
  assert.equal(JSON.stringify(routed, null, 1), JSON.stringify(plain, null, 1));
});
