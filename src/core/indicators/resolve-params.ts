import { compileCheck } from '../tools/compile-check.js';
import { copy } from '../tools/copy-plain.js';
import { PARAMS_FIT } from './params-fit.js';
import { paramWording, type ParamWording } from './param-wording.js';
import { loadParamErrors } from './default-param-errors.js';
import type { ValueErrorType } from '@sinclair/typebox/errors';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { IndicatorDefinition } from './indicator-definition.js';

/** One reason a params object was refused; `path` names a declared field or index, never input. */
export interface ParamError {
  /** e.g. `period`, `periods[1]`, or `` for the object itself. */
  readonly path: string;
  readonly reason: string;
  /** TypeBox's error kind when the schema refused the value (absent for unknown keys). */
  readonly kind?: ValueErrorType;
}

/** Full params, or why they could not be built. */
export type ResolveParamsResult<T> =
  | { readonly ok: true; readonly params: T }
  | { readonly ok: false; readonly errors: readonly ParamError[] };

const MAX_ERRORS = 5;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * TypeBox's `Check` for a params schema, from closures (compile-check.ts), so TypeBox's value
 * modules stay out of the eager bundle (issue #12). A schema beyond those shapes (a host study's
 * plain JSON schema) fits when `words` (param-errors.ts) find nothing wrong with the value: numbers
 * and integers with bounds, booleans, strings, literal unions, arrays and objects; undefined while the
 * words are not loaded (a chunk in the bundle).
 */
function check(schema: TSchema, value: unknown, words: ParamWording | null): boolean | undefined {
  const compiled = compileCheck(schema);
  if (compiled) return compiled(value);
  if (!words) return undefined;
  const errors = words(schema, value);
  return errors.length === 1 && errors[0].message === PARAMS_FIT;
}

/**
 * Loads the words {@link resolveParams} gives a refusal, when they are not in yet (in the bundle a
 * chunk, issue #12; at once elsewhere). Rejects when the chunk cannot be fetched.
 */
export { loadParamErrors };

/** Whether {@link resolveParams} words its refusals now (else: one generic reason, see there). */
export function paramErrorsLoaded(): boolean {
  return paramWording() !== null;
}

/** The schema of each declared param of a definition. */
export function paramSchemas(def: IndicatorDefinition): Readonly<Record<string, TSchema>> {
  return def.params.properties;
}

/**
 * Completes `partial` with the definition's defaults and validates the result against its TypeBox
 * schema (the compiled `Check`, then param-errors.ts for the reasons; no code generation, so it runs
 * under a strict CSP).
 * Unknown keys are refused without echoing them. At most 5 errors are returned. The reasons are
 * `words` (param-errors.ts `paramErrors`): in the bundle a chunk ({@link loadParamErrors}), so the
 * chunks that resolve typed params import and pass them, and a caller in the eager part loads them
 * before it resolves a list it knows is refused; without them a refused value has one reason that
 * names no field.
 *
 * @example resolveParams(macd, { fast: 5 }) // { ok: true, params: { fast: 5, slow: 26, signal: 9 } }
 */
export function resolveParams<P extends TObject>(
  def: IndicatorDefinition<P>,
  partial: unknown,
  words: ParamWording | null = paramWording(),
): ResolveParamsResult<Static<P>> {
  const input = partial === undefined || partial === null ? {} : partial;
  if (!isPlainObject(input)) {
    return { ok: false, errors: [{ path: '', reason: 'expected an object of parameters' }] };
  }
  const properties: Record<string, TSchema> = def.params.properties;
  const declared = Object.keys(properties);
  const errors: ParamError[] = [];
  for (const key of Object.keys(input)) {
    if (!Object.prototype.hasOwnProperty.call(properties, key)) {
      errors.push({
        path: '',
        reason: declared.length
          ? `unknown parameter; ${def.id} accepts ${declared.join(', ')}`
          : `unknown parameter; ${def.id} takes no parameters`,
      });
      if (errors.length >= MAX_ERRORS) break;
    }
  }
  if (errors.length) return { ok: false, errors };
  const full: Record<string, unknown> = {};
  for (const key of declared) {
    const given = input[key];
    full[key] = given !== undefined ? given : copy(properties[key].default);
  }
  // A host study's plain JSON schema before the words are in: refused without naming the field, as any
  // refusal then (the `indicators` attribute loads the words and reads the list again).
  if (check(def.params, full, words)) return { ok: true, params: full };
  if (!words) return { ok: false, errors: [{ path: '', reason: 'a value is out of range or of the wrong type' }] };
  for (const error of words(def.params, full)) {
    errors.push({ path: error.path, reason: error.message, kind: error.kind });
    if (errors.length >= MAX_ERRORS) break;
  }
  return { ok: false, errors };
}

/**
 * Params of a study carried over to another definition of it (another convention): the given
 * values the definition accepts are kept, every other key takes its default; values a definition
 * does not declare are dropped. Already valid params come back as they are.
 *
 * @example adaptParams(tdxRsi, { period: 14 }) // { periods: [6, 12, 24] }
 */
export function adaptParams(
  def: IndicatorDefinition,
  params: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const words = paramWording();
  // Undefined: a host study's plain JSON schema before the words are in; its params were checked when set.
  if (check(def.params, params, words) !== false) return params;
  const properties: Record<string, TSchema> = def.params.properties;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(properties)) {
    const given = params[key];
    out[key] = given !== undefined && check(schema, given, words) ? given : copy(schema.default);
  }
  return out;
}
