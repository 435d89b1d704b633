import {
  Any,
  Array as ArrayType,
  Boolean as BooleanType,
  Enum,
  Integer,
  Literal,
  Null,
  Number as NumberType,
  String as StringType,
  Tuple,
  Union,
  Unknown,
  Unsafe,
} from '@sinclair/typebox';
import {
  Intersect,
  Object as ObjectType,
  Omit,
  Optional,
  Partial,
  Pick,
  Readonly,
  Record,
  Required,
} from './json-type-builders.js';

/**
 * TypeBox's builders for JSON-schema shapes, the ones tool parameter schemas and indicator params
 * are written with. The browser bundle exports this as `Type` and routes the library's own
 * `Type.…` calls here (rollup.config.js), because TypeBox's whole `Type` namespace (template
 * literals, conditional types, `Extends`, …) would triple TypeBox's share of the eager bundle
 * (issue #12). `Object`, `Intersect`, `Pick`, `Omit`, `Partial`, `Required`, `Record`, `Optional` and
 * `Readonly` are the bundle's own (json-type-builders.ts): they return exactly what TypeBox returns
 * for JSON-shape inputs (`Object` and `Intersect` for every input) and throw for the mapped, computed
 * and template-literal ones, whose machinery would cost ~2 KB gzip of the eager bundle. The other
 * builders, `Tuple` and `Enum` among them, are TypeBox's. Node and bundler users importing
 * `@sinclair/typebox` get the full `Type`.
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
