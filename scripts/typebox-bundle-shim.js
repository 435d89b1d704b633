// What `@sinclair/typebox` resolves to inside the browser bundle (rollup.config.js): every named
// export of TypeBox (tree-shaken as usual), but `Type` is the JSON-shape subset of
// src/core/tools/json-type.ts instead of TypeBox's whole builder namespace (issue #12).
export * from '@sinclair/typebox';
export { Type } from '../build/src/core/tools/json-type.js';
