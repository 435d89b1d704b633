import { executeServerCommand } from '@web/test-runner-commands';

export type Point = [number, number];

/** One finger pressed at `from`, moved to `to` in `n` steps and lifted (Chromium DevTools protocol). */
export async function fingerDrag(from: Point, to: Point, n = 10): Promise<void> {
  const steps = [{ type: 'touchStart', points: [from] }];
  for (let k = 1; k <= n; k++)
    steps.push({
      type: 'touchMove',
      points: [[from[0] + ((to[0] - from[0]) * k) / n, from[1] + ((to[1] - from[1]) * k) / n]],
    });
  steps.push({ type: 'touchEnd', points: [] });
  await executeServerCommand('touch', { steps });
}
