import type { ValueErrorType } from '@sinclair/typebox/errors';

/**
 * The members of TypeBox's `ValueErrorType` enum that the library's own checks report, as plain
 * numbers. Importing the enum itself would pull TypeBox's whole error module (`Errors`, every
 * message) into the eager bundle; it is loaded lazily, only to word a refusal (issue #12).
 * test/node/indicators/value-error-kind.test.ts checks each value against TypeBox's enum.
 */
export const ValueErrorKind = {
  ArrayMaxItems: 2,
  ArrayMinItems: 4,
  Array: 6,
  Boolean: 14,
  IntegerExclusiveMaximum: 22,
  IntegerExclusiveMinimum: 23,
  IntegerMaximum: 24,
  IntegerMinimum: 25,
  Integer: 27,
  Literal: 32,
  NumberExclusiveMaximum: 36,
  NumberExclusiveMinimum: 37,
  NumberMaximum: 38,
  NumberMinimum: 39,
  Number: 41,
  ObjectRequiredProperty: 45,
  Object: 46,
  String: 54,
  Union: 62,
} as const satisfies Record<string, ValueErrorType>;
