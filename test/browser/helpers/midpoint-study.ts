import { Type } from '@sinclair/typebox';
import type { IndicatorColumns, IndicatorDefinition } from '../../../src/core/indicators/index.js';

/**
 * A host study for the extension tests: each bar's midpoint plus `shift` (default `shift`, within
 * ±`bound`), one magenta line on the price pane, registered through the public API.
 */
export function midpointStudy(id: string, name: string, shift: number, bound: number): IndicatorDefinition {
  return {
    id,
    name,
    category: 'trend',
    params: Type.Object({
      shift: Type.Number({ default: shift, minimum: -bound, maximum: bound, description: 'Added to every value.' }),
    }),
    paramOrder: ['shift'],
    placement: 'overlay',
    outputs: () => [{ key: 'mid', label: 'MID', style: 'line', color: '#ff00ff' }],
    compute: (c: IndicatorColumns, p: { shift: number }) => {
      const out = new Float64Array(c.length);
      for (let i = 0; i < c.length; i++) out[i] = (c.high[i] + c.low[i]) / 2 + p.shift;
      return { mid: out };
    },
  } as unknown as IndicatorDefinition; // params typing is erased for a plain object
}
