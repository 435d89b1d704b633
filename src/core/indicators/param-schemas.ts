import { Type, type TArray, type TInteger } from '@sinclair/typebox';

/** An integer look-back length with a default, bounds and a description. */
export function periodParam(defaultValue: number, description: string, minimum = 1, maximum = 1000): TInteger {
  return Type.Integer({ default: defaultValue, minimum, maximum, description });
}

/**
 * Several periods in one study (`MA(5,10,20)`): positional values in the short notation fill this
 * array. `minItems` may be 0 for studies whose lines are optional (VOL's volume averages).
 */
export function periodsParam(
  defaultValue: readonly number[],
  description: string,
  minItems = 1,
  maxItems = 8,
): TArray<TInteger> {
  return Type.Array(Type.Integer({ minimum: 1, maximum: 1000, description: 'A period in bars' }), {
    default: [...defaultValue],
    minItems,
    maxItems,
    description,
  });
}
