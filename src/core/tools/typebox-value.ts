import type { TSchema } from '@sinclair/typebox';
import { Check, Clone, Default } from '@sinclair/typebox/value';

/**
 * TypeBox's `Value` functions for the schemas the compiled checks (compile-check.ts,
 * compile-default.ts) do not cover: a host tool written with `Type.Intersect`, `format`, `$ref`, ….
 * Imported only with `import()` (validate-tool-input.ts, tool-registry.ts), so the browser loads
 * TypeBox's value modules only when such a schema is used (issue #12). No code generation.
 */
export function typeBoxCheckInput(
  schema: TSchema,
  input: unknown,
  withDefaults: boolean,
): { ok: boolean; value: unknown } {
  const value = withDefaults ? Default(schema, Clone(input ?? {})) : (input ?? {});
  return { ok: Check(schema, value), value };
}

/** TypeBox's `Check`. */
export function typeBoxCheck(schema: TSchema, value: unknown): boolean {
  return Check(schema, value);
}
