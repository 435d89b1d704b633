/** Comparison of two study outputs (or an output and a number) at each bar. */
export type ConditionOp = 'crosses_above' | 'crosses_below' | '>' | '<' | '>=' | '<=';

/** The operators `markers_from_condition` accepts (its schema is eager, the evaluation lazy). */
export const CONDITION_OPS: readonly ConditionOp[] = ['crosses_above', 'crosses_below', '>', '<', '>=', '<='];
