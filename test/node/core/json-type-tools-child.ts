import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { Type as JsonType } from '../../../src/core/tools/json-type.js';
import { schemaSnapshot } from './schema-compare.js';

/*
 * Run by json-type-tools.test.ts in a child process, once as Node resolves `@sinclair/typebox` and
 * once with typebox-bundle-hooks.ts (as the browser bundle resolves it). Prints, as one JSON text
 * with symbol keys: the built-in tools of a chart (`tools.list()` with TypeBox's schemas and
 * `tools.describe()` as a model sees them), every export of each compiled module under build/src
 * and build/components that builds schemas with `Type` from '@sinclair/typebox', and the settings
 * dialog's form schema. Does nothing when run directly (node --test runs every file here).
 */

const BUILD = fileURLToPath(new URL('../../../', import.meta.url));
const BUILDS_WITH_TYPE = /import \{[^}]*\bType\b[^}]*\} from '@sinclair\/typebox';/;

function modulesWithType(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...modulesWithType(path));
    else if (entry.name.endsWith('.js') && BUILDS_WITH_TYPE.test(readFileSync(path, 'utf8'))) out.push(path);
  }
  return out.sort();
}

async function main(): Promise<void> {
  const { ChartCore } = await import('../../../src/core/commands/chart-core.js');
  const core = new ChartCore({ chartId: 'x' });
  await core.tools.ready();
  const modules: Record<string, unknown> = {};
  for (const path of [...modulesWithType(join(BUILD, 'src')), ...modulesWithType(join(BUILD, 'components'))]) {
    const exports = (await import(path)) as Record<string, unknown>;
    modules[path.slice(BUILD.length)] = Object.fromEntries(
      Object.keys(exports)
        .sort()
        .map((k) => [k, exports[k]]),
    );
  }
  const { settingsFormSchema } = await import('../../../components/settings-dialog/settings-form-schema.js');
  const { EN_SETTINGS } = await import('../../../components/settings-dialog/settings-dialog-strings.js');
  const result = {
    routedToJsonType: Type === JsonType,
    list: core.tools.list(),
    describe: core.tools.describe(),
    modules,
    settingsForm: settingsFormSchema(EN_SETTINGS, ['en', 'ja']),
  };
  process.stdout.write(schemaSnapshot(result));
}

if (process.env.JSON_TYPE_TOOLS_CHILD === '1') await main();
