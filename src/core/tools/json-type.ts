import {
  Any,
  Array as ArrayType,
  Boolean as BooleanType,
  Enum,
  Integer,
  Intersect,
  Literal,
  Null,
  Number as NumberType,
  Object as ObjectType,
  Omit,
  Optional,
  Partial,
  Pick,
  Readonly,
  Record,
  Required,
  String as StringType,
  Tuple,
  Union,
  Unknown,
  Unsafe,
} from '@sinclair/typebox';

/**
 * TypeBox's builders for JSON-schema shapes, the ones tool parameter schemas and indicator params
 * are written with. The browser bundle exports this as `Type` and routes the library's own
 * `Type.…` calls here (rollup.config.js), because TypeBox's whole `Type` namespace (template
 * literals, conditional types, `Extends`, …) would triple TypeBox's share of the eager bundle
 * (issue #12). Node and bundler users importing `@sinclair/typebox` get the full `Type`.
 */
export const Type = {
  Any,
  Array: ArrayType,
  Boolean: BooleanType,
  Enum,
  Integer,
  Intersect,
  Literal,
  Null,
  Number: NumberType,
  Object: ObjectType,
  Omit,
  Optional,
  Partial,
  Pick,
  Readonly,
  Record,
  Required,
  String: StringType,
  Tuple,
  Union,
  Unknown,
  Unsafe,
} as const;
