import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TObject } from '@sinclair/typebox';
import { IndicatorRegistry, defineIndicator, makeStepper, periodParam } from '../../../src/core/indicators/index.js';
import type { IndicatorDefinition } from '../../../src/core/indicators/index.js';

/** A study with one `factor` param (default 2), under any id. */
function study(
  id: string,
  params: TObject = Type.Object({ factor: periodParam(2, 'Multiplier', 1, 10) }),
): IndicatorDefinition {
  return defineIndicator({
    id,
    name: 'Doubled close',
    category: 'other',
    params,
    paramOrder: [],
    placement: 'pane',
    inputs: ['close'],
    outputs: () => [{ key: 'value', label: 'X2', style: 'line' }],
    stepper: () => makeStepper([], () => undefined),
  });
}

const noDefault = Type.Object({ factor: Type.Number() });
const failing = (): Promise<never> => Promise.reject(new Error('Failed to fetch'));

test('every refusal of register, registerLazy and the variant forms says exactly what is wrong', () => {
  const reg = new IndicatorRegistry();
  reg.register(study('Double'));
  reg.registerLazy('LAZY', failing);
  const refusals: [() => unknown, string][] = [
    [() => reg.register(study('bad id')), 'Indicator id "bad id" must match /^[A-Za-z][A-Za-z0-9_]{0,31}$/'],
    [() => reg.registerLazy('9x', failing), 'Indicator id "9x" must match /^[A-Za-z][A-Za-z0-9_]{0,31}$/'],
    [() => reg.register(study('double')), 'Indicator "double" is already registered'],
    [() => reg.register(study('lazy')), 'Indicator "lazy" is already registered'],
    [() => reg.registerLazy('Double', failing), 'Indicator "Double" is already registered'],
    [
      () => reg.registerLazy({ id: 'lazy', name: 'L', category: 'other', placement: 'pane' }, failing),
      'Indicator "lazy" is already registered',
    ],
    [() => reg.register(study('ND', noDefault)), 'Indicator "ND": param "factor" has no default'],
    [
      () => reg.register({ ...study('PO'), paramOrder: ['nope'] }),
      'Indicator "PO": paramOrder names unknown param "nope"',
    ],
    [
      () => reg.registerVariant('tdx', study('Other')),
      'Indicator "Other" is not registered; register it before its tdx variant',
    ],
    [
      () => reg.registerVariant('tdx', study('LAZY')),
      'Indicator "LAZY" is not registered; register it before its tdx variant',
    ],
    [
      () => reg.registerLazyVariant('tradingview', 'Other', failing),
      'Indicator "Other" is not registered; register it before its tradingview variant',
    ],
    [
      () => reg.registerVariant('tdx', study('double', noDefault)),
      'Indicator "double" (tdx): param "factor" has no default',
    ],
  ];
  for (const [call, message] of refusals) assert.throws(call, (error: Error) => error.message === message, message);
  // A variant is taken whether it came loaded or by id.
  reg.registerVariant('tdx', study('double'));
  reg.registerLazyVariant('tradingview', 'double', failing);
  reg.registerLazyVariant('tdx', 'LAZY', failing);
  const taken: [() => unknown, string][] = [
    [() => reg.registerVariant('tdx', study('DOUBLE')), 'Indicator "DOUBLE" already has a tdx variant'],
    [() => reg.registerLazyVariant('tdx', 'Double', failing), 'Indicator "Double" already has a tdx variant'],
    [() => reg.registerVariant('tradingview', study('Double')), 'Indicator "Double" already has a tradingview variant'],
    [() => reg.registerLazyVariant('tdx', 'lazy', failing), 'Indicator "lazy" already has a tdx variant'],
  ];
  for (const [call, message] of taken) assert.throws(call, (error: Error) => error.message === message, message);
});

test('a load that fails names what could not be loaded and why, keeps the cause, and a later load tries again', async () => {
  const reg = new IndicatorRegistry();
  let studyCalls = 0;
  let variantCalls = 0;
  let indexCalls = 0;
  const cause = new Error('Failed to fetch');
  reg.registerLazy('SLOW', () =>
    ++studyCalls === 1 ? Promise.reject(cause) : Promise.resolve({ definition: study('SLOW') }),
  );
  reg.register(study('Base'));
  reg.registerLazyVariant('tdx', 'base', () =>
    ++variantCalls === 1 ? Promise.reject(cause) : Promise.resolve(study('BASE')),
  );
  reg.registerLazy('Named', failing);
  reg.registerIndex(() =>
    ++indexCalls === 1
      ? Promise.reject(cause)
      : Promise.resolve([{ id: 'NAMED', name: 'Named study', category: 'other' as const, placement: 'pane' as const }]),
  );
  const failures: [Promise<void>, string][] = [
    [reg.load('slow'), 'the code of indicator SLOW could not be loaded (Error: Failed to fetch)'],
    [reg.load('Base', 'tdx'), 'the tdx form of indicator BASE could not be loaded (Error: Failed to fetch)'],
    [reg.loadIndex(), 'the index of indicators could not be loaded (Error: Failed to fetch)'],
  ];
  for (const [loading, message] of failures)
    await assert.rejects(loading, (error: Error) => error.message === message && error.cause === cause, message);
  assert.equal(reg.loaded('SLOW'), false);
  assert.equal(reg.loaded('BASE', 'tdx'), false);
  await reg.load('slow');
  await reg.load('base', 'tdx');
  await reg.loadIndex();
  assert.equal(reg.get('slow')?.id, 'SLOW');
  assert.equal(reg.resolve('base', 'tdx')?.id, 'BASE');
  assert.equal(reg.loaded('base', 'tdx'), true);
  assert.deepEqual(
    reg.entries().map((e) => e.name),
    ['Doubled close', 'Doubled close', 'Named study'],
  );
  assert.deepEqual([studyCalls, variantCalls, indexCalls], [2, 2, 2]);
});

test('a variant whose code loads under another id is refused by name', async () => {
  const reg = new IndicatorRegistry();
  reg.register(study('Base'));
  reg.registerLazyVariant('tradingview', 'BASE', () => Promise.resolve(study('Other')));
  await assert.rejects(
    reg.load('base', 'tradingview'),
    (error: Error) => error.message === 'The tradingview variant of BASE loaded as "Other"',
  );
});
