/**
 * Delay before reconnect attempt `attempt` (0 for the first after a drop): exponential from
 * `baseDelayMs`, capped at `maxDelayMs`, with "equal jitter" (a uniform pick in the upper half of
 * the step) so a fleet of pages that lost the exchange together does not come back in lockstep,
 * while no attempt is ever immediate.
 */
export function binanceBackoffDelay(
  attempt: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random: () => number = Math.random,
): number {
  const step = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(Math.max(0, attempt), 30));
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random())));
}
