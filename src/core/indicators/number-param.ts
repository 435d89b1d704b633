import { Type, type TNumber } from '@sinclair/typebox';

/** A real-valued parameter (multipliers, factors) with a default, bounds and a description. */
export function numberParam(defaultValue: number, description: string, minimum: number, maximum: number): TNumber {
  return Type.Number({ default: defaultValue, minimum, maximum, description });
}
