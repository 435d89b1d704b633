import type { ConditionOp } from './condition-ops.js';

/**
 * Bar indices where `left op right` starts to hold. Crosses: `left` was at or below (above) `right`
 * on the previous bar and is above (below) it now. Comparisons: the bar where it becomes true after
 * a bar where it was false (the first valid bar counts when it already holds), so a long run of
 * `RSI > 70` gives one marker, not hundreds. Bars where either side is NaN (warm-up) never match
 * and break a run.
 */
export function evaluateCondition(
  left: ArrayLike<number>,
  op: ConditionOp,
  right: ArrayLike<number> | number,
  length: number,
): number[] {
  const r = typeof right === 'number' ? () => right : (i: number) => right[i];
  const out: number[] = [];
  let prevValid = false;
  let prevL = NaN;
  let prevR = NaN;
  let prevHeld = false;
  for (let i = 0; i < length; i++) {
    const l = left[i];
    const v = r(i);
    const valid = Number.isFinite(l) && Number.isFinite(v);
    if (!valid) {
      prevValid = false;
      prevHeld = false;
      continue;
    }
    switch (op) {
      case 'crosses_above':
        if (prevValid && prevL <= prevR && l > v) out.push(i);
        break;
      case 'crosses_below':
        if (prevValid && prevL >= prevR && l < v) out.push(i);
        break;
      default: {
        const held = op === '>' ? l > v : op === '<' ? l < v : op === '>=' ? l >= v : l <= v;
        if (held && !prevHeld) out.push(i);
        prevHeld = held;
      }
    }
    prevValid = true;
    prevL = l;
    prevR = v;
  }
  return out;
}
