import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

/*
 * Node module hooks that resolve `@sinclair/typebox` the way the browser bundle does
 * (rollup.config.js `slimTypeBox`): every import of it from the compiled library and tests (build/)
 * gets scripts/typebox-bundle-shim.js, whose `Type` is src/core/tools/json-type.ts; the shim,
 * json-type.js, json-type-builders.js and TypeBox itself get the real package. Loaded with
 * `node --import` by json-type-tools.test.ts when JSON_TYPE_BUNDLE_HOOKS=1 is set.
 */

const BUILD = new URL('../../../', import.meta.url).href;
const SHIM = new URL('../../../../scripts/typebox-bundle-shim.js', import.meta.url).href;

type Resolved = { url: string; shortCircuit?: boolean };
type NextResolve = (specifier: string, context: { parentURL?: string }) => Promise<Resolved>;

export async function resolve(
  specifier: string,
  context: { parentURL?: string },
  nextResolve: NextResolve,
): Promise<Resolved> {
  const parent = context.parentURL;
  if (
    specifier === '@sinclair/typebox' &&
    parent?.startsWith(BUILD) &&
    !/\/json-type(-builders)?\.js$/.test(parent) &&
    parent !== SHIM
  )
    return { url: SHIM, shortCircuit: true };
  return nextResolve(specifier, context);
}

if (isMainThread && process.env.JSON_TYPE_BUNDLE_HOOKS === '1') register(import.meta.url);
