import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Compiled code runs from build/test/mock-binance/, where tsc copies no JSON: read the fixtures from
// the source tree, whichever of the two places this module runs from.
const CANDIDATES = [
  new URL('./fixtures/', import.meta.url),
  new URL('../../../test/mock-binance/fixtures/', import.meta.url),
];

/** Absolute path of `test/mock-binance/fixtures/<name>`. */
export function fixturePath(name: string): string {
  for (const dir of CANDIDATES) {
    const path = fileURLToPath(new URL(name, dir));
    if (existsSync(path)) return path;
  }
  throw new Error(`mock-binance: fixture ${name} not found`);
}

/** The parsed JSON of a fixture file (recorded-format Binance payloads written for these tests). */
export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(fixturePath(name), 'utf8')) as unknown;
}

/** One canned Binance error reply, as in `fixtures/errors.json`. */
export interface MockErrorReply {
  readonly status: number;
  readonly body: { readonly code: number; readonly msg: string };
  readonly headers?: Readonly<Record<string, string>>;
}

/** Names of the canned errors in `fixtures/errors.json`. */
export type MockErrorName =
  | 'invalidSymbol'
  | 'invalidInterval'
  | 'missingSymbol'
  | 'invalidLimit'
  | 'tooManyRequests'
  | 'ipBanned'
  | 'serviceUnavailable';

/** The canned error replies, keyed by name. */
export function loadErrorReplies(): Readonly<Record<MockErrorName, MockErrorReply>> {
  return loadFixture('errors.json') as Record<MockErrorName, MockErrorReply>;
}
