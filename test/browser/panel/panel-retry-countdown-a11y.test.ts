import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { pollUntil, waitFor } from '../helpers/wait-for.js';
import { memoryPanel, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';

// The wait before a retry counts down on screen; a screen reader hears it once per wait ("Rate limited —
// retrying in 2 s"), as an addition to the conversation's polite log, not every second: no live region of
// its own nested in the log, and the ticking text is not in the tree assistive technology gets.

/** A node of the accessibility tree, as the `ax-tree` command of web-test-runner.config.js gives it. */
interface AxNode {
  role: string;
  name: string;
  live: string | null;
  root: { role: string; name: string } | null;
}

const axTree = (): Promise<AxNode[]> => executeServerCommand<AxNode[], undefined>('ax-tree');

/** The text nodes assistive technology gets that speak of the retry. */
const retryTexts = (tree: AxNode[]): AxNode[] =>
  tree.filter((n) => n.role === 'StaticText' && /retrying in/i.test(n.name));

const limited = (seconds: string) => ({
  status: 429,
  headers: { 'retry-after': seconds },
  errorBody: { error: { message: 'slow down' } },
});

describe('<chart-agent-panel> retry countdown for screen readers', function () {
  this.timeout(60000);
  const mock = useMockModel();

  it('each wait is read once, by the log; the countdown ticks on screen only', async () => {
    const { panel } = await memoryPanel(mock.url);
    await mock.script([limited('3'), limited('2'), { text: 'Here.' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    await waitFor(() => part(panel, 'retry-status') !== null, 'the retry status line');
    const status = part(panel, 'retry-status')!;
    const shownFirst = status.innerText;

    let tree: AxNode[] = [];
    await pollUntil(async () => retryTexts((tree = await axTree())).length > 0, 'the retry in the tree');
    const [first, ...more] = retryTexts(tree);
    expect(more, 'one text, not the countdown too').to.deep.equal([]);
    expect(first.name).to.match(/^Rate limited — retrying in [23] s$/);
    expect(first.root, 'read by the log, not a live region nested in it').to.deep.equal({
      role: 'log',
      name: 'Conversation',
    });
    expect(first.live).to.equal('polite');

    await waitFor(() => status.innerText !== shownFirst, 'the visible countdown ticks', 3000);
    expect(retryTexts(await axTree()), 'what is read does not change with the clock').to.deep.equal([first]);

    // The second wait is a new line in the log (an addition read once), with its own length.
    await waitFor(
      () => part(panel, 'retry-status') !== status && part(panel, 'retry-status') !== null,
      'the second wait',
    );
    expect(status.isConnected, 'the first line was replaced').to.equal(false);
    await pollUntil(
      async () => retryTexts((tree = await axTree())).some((n) => n.name !== first.name),
      'the second wait in the tree',
    );
    const second = retryTexts(tree);
    expect(second.length).to.equal(1);
    expect(second[0].name).to.match(/^Rate limited — retrying in [12] s$/);
    expect(second[0].root?.role).to.equal('log');
    expect((await ended).status).to.equal('completed');
  });
});
