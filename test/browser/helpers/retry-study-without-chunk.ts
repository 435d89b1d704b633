import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from './chart-fixture.js';
import { statusToast } from './test-frame.js';

type Result = { success: boolean; data?: { instanceId?: string } };
type Chart = HTMLElement & {
  tools: { execute(name: string, input: unknown): Promise<Result> };
  whenPainted(): Promise<void>;
};

/**
 * A study whose drawing needs the modes' chunk (chunks/pane-extras-<hash>.js), added while that chunk cannot
 * be fetched, then again once it can: checks that the chart's notice says so (it includes `notice`), that
 * nothing of `drawn()` (a count of what the chunk draws) is painted without it, and that the study added
 * again after its removal loads the chunk and draws (`drawn()` above `atLeast`).
 */
export async function retryStudyWithoutChunk(
  chart: Chart,
  definitionId: string,
  notice: string,
  drawn: () => number,
  atLeast = 0,
): Promise<void> {
  await executeServerCommand('block-requests', { pattern: '/dist/chunks/pane-extras-' });
  const add = await chart.tools.execute('indicators_add', { definitionId });
  expect(add.success, JSON.stringify(add)).to.equal(true);
  await waitFor(() => statusToast(chart).includes(notice), `a notice (shows "${statusToast(chart)}")`);
  await chart.whenPainted();
  await chart.whenPainted();
  expect(drawn(), 'nothing drawn without the chunk').to.equal(0);

  await executeServerCommand('block-requests', { pattern: null });
  const removed = await chart.tools.execute('indicators_remove', { instanceId: add.data?.instanceId });
  expect(removed.success, JSON.stringify(removed)).to.equal(true);
  await chart.whenPainted();
  expect((await chart.tools.execute('indicators_add', { definitionId })).success).to.equal(true);
  await waitFor(() => drawn() > atLeast, `drawn once the chunk loads (${drawn()})`);
}
