import { expect } from '@open-wc/testing';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { statusToast as toast } from '../helpers/test-frame.js';

// The chart's lazy actions (bar replay, image, shortcut list, study settings, search: chart-actions.ts withChunk)
// say "could not be loaded" when their chunk cannot be fetched. An error of the action itself, with its chunk
// here, is another thing: it must come out as that error, not as a notice about a fetch that worked.

describe("a lazy action's own error", function () {
  this.timeout(30000);

  it('rejects with that error and shows no "could not be loaded" notice (bar replay)', async () => {
    const chart = await readyChart();
    const root = chart.shadowRoot!;
    const { from, to } = chart.context.get()!.dataRange;
    const time = Math.round((from + to) / 2);
    // The replay's controls fail as they are set up: their styles cannot be adopted.
    const boom = new Error('the controls could not be set up');
    Object.defineProperty(root, 'adoptedStyleSheets', {
      configurable: true,
      get: () => [],
      set: () => {
        throw boom;
      },
    });
    let outcome: unknown;
    try {
      outcome = await chart.startReplay(time).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    } finally {
      delete (root as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(toast(chart), 'a notice about loading').to.not.match(/could not be loaded/);
    expect(outcome).to.deep.equal({ error: boom });

    // The chunk itself was fine: the next start works.
    expect(await chart.startReplay(time)).to.equal(true);
    await waitFor(() => chart.replay !== null, 'the replay');
    expect(await chart.stopReplay()).to.equal(true);
  });
});
