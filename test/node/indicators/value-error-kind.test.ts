/**
 * The library words parameter refusals by TypeBox's error kind without importing TypeBox's error
 * module eagerly (src/core/indicators/value-error-kind.ts, issue #12): its copies must be TypeBox's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Errors, ValueErrorType } from '@sinclair/typebox/errors';
import { Type } from '@sinclair/typebox';
import { ValueErrorKind } from '../../../src/core/indicators/index.js';
import { paramErrors } from '../../../src/core/indicators/param-errors.js';

test('every ValueErrorKind equals the TypeBox ValueErrorType member of the same name', () => {
  for (const [name, value] of Object.entries(ValueErrorKind)) {
    assert.equal(value, ValueErrorType[name as keyof typeof ValueErrorType], name);
  }
});

test('paramErrors reports the kind TypeBox Errors reports for the same failure', () => {
  const schema = Type.Object({
    period: Type.Integer({ minimum: 2, maximum: 500 }),
    source: Type.Union([Type.Literal('close'), Type.Literal('open')]),
    show: Type.Boolean(),
  });
  for (const value of [
    { period: 1, source: 'close', show: true },
    { period: 900, source: 'close', show: true },
    { period: 2.5, source: 'close', show: true },
    { period: 14, source: 'close', show: 'yes' },
  ]) {
    const ours = paramErrors(schema, value)[0];
    const theirs = [...Errors(schema, value)][0];
    assert.ok(ours && theirs, JSON.stringify(value));
    assert.equal(ours.kind, theirs.type, JSON.stringify(value));
    assert.equal(ours.path, theirs.path.replace(/^\//, ''), JSON.stringify(value));
  }
});
