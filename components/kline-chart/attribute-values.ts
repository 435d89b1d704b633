/**
 * The values each enumerated attribute of `<kline-chart>` accepts, the first being its default
 * (docs/contracts.md, "Element attributes"). A value outside the list fires `kline-error`
 * `invalid_attribute` and the default applies (`agent` checks its own, case- and space-tolerant, list).
 */
export const ATTRIBUTE_VALUES = {
  theme: ['auto', 'light', 'dark'],
  'color-convention': ['green-up', 'red-up'],
  toolbar: ['full', 'minimal', 'none'],
  wheel: ['zoom', 'ctrl', 'off'],
  live: ['auto', 'on', 'off'],
} as const;

export type EnumAttribute = keyof typeof ATTRIBUTE_VALUES;
export type AttributeValue<A extends EnumAttribute> = (typeof ATTRIBUTE_VALUES)[A][number];

/** Whether `value` is one of `attribute`'s values. */
export function isAttributeValue<A extends EnumAttribute>(attribute: A, value: unknown): value is AttributeValue<A> {
  return (ATTRIBUTE_VALUES[attribute] as readonly unknown[]).includes(value);
}

/** `full, minimal or none`: the values, for an error message. */
export function describeAttributeValues(attribute: EnumAttribute): string {
  const values: readonly string[] = ATTRIBUTE_VALUES[attribute];
  return `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/**
 * Compile-time only: `Exact<A, B>` is `true` when `A` and `B` are the same type; `Holds<…>` of anything
 * else is a type error. The element writes its enum properties' types out (for the custom elements
 * manifest and framework typings) and checks them against these lists with them.
 */
export type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Holds<T extends true> = T;
