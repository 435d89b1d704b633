import { drawingPointCount, type DrawingKind } from '../drawings/index.js';
import { ToolCallError } from '../tools/index.js';

/** Throws `invalid_input` naming `points` unless `count` is what `kind` needs. */
export function assertPointCount(kind: DrawingKind, count: number, field = 'points'): void {
  const need = drawingPointCount(kind);
  if (count === need) return;
  throw new ToolCallError(
    'invalid_input',
    `${kind} needs exactly ${need} point${need === 1 ? '' : 's'}, got ${count}.`,
    {
      details: [
        { path: field, reason: `${kind} needs ${need} point${need === 1 ? '' : 's'} {time, price}, got ${count}` },
      ],
      recommendedAction: `Pass ${need} point${need === 1 ? '' : 's'} in '${field}'.`,
    },
  );
}
