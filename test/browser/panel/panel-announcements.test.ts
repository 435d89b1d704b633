import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { memoryPanel, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';

// What a screen reader hears of one run, each part once and whole: the question and "Thinking…" as
// additions to the polite log; the answer once it is complete (busy while it streams); an approval
// card through its focused Approve button, described by what it approves, or as the log's addition when
// focus is elsewhere (once, not both: panel-card-heard-once-a11y.test.ts); an error as an alert, but only when it happens, not again when its
// chat is read back. Checked on the tree Chromium gives
// assistive technology (test/browser/a11y has axe for the rules; this is about what is read when).

/** A node of the accessibility tree, as the `ax-tree` command of web-test-runner.config.js gives it. */
interface AxNode {
  role: string;
  name: string;
  description: string;
  live: string | null;
  busy: boolean;
  root: { role: string; name: string } | null;
}

/** The page's accessibility tree. */
const axTree = (): Promise<AxNode[]> => executeServerCommand<AxNode[], undefined>('ax-tree');

/**
 * The tree once it has a text node containing `text`: Chromium brings it up to date after a render in
 * a moment of its own (read at once after a chat was switched, it still lacked the panel).
 */
async function axTreeWith(text: string): Promise<AxNode[]> {
  let tree: AxNode[] = [];
  await pollUntil(async () => textNodes((tree = await axTree()), text).length > 0, `"${text}" in the tree`);
  return tree;
}

/** Text nodes of the tree whose text contains `text`. */
const textNodes = (tree: AxNode[], text: string): AxNode[] =>
  tree.filter((n) => n.role === 'StaticText' && n.name.includes(text));

describe('<chart-agent-panel> announcements of a run', function () {
  this.timeout(60000);
  const mock = useMockModel();

  it('the answer is busy while it streams and read whole when done', async () => {
    const { panel } = await memoryPanel(mock.url);
    const answer = 'The trend is up: higher highs and higher lows for three weeks, on rising volume.';
    await mock.script([{ text: answer, chunkDelayMs: 150 }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'What is the trend?');
    const log = part(panel, 'messages')!;
    await waitFor(() => log.querySelector('.message.assistant.streaming') !== null, 'the answer streaming');
    const message = log.querySelector<HTMLElement>('.message.assistant')!;
    expect(message.getAttribute('aria-busy'), 'busy while the text grows').to.equal('true');
    const streaming = await axTreeWith('The tren');
    if (log.querySelector('.message.assistant.streaming'))
      expect(streaming.filter((n) => n.busy).length, 'the tree says so').to.equal(1);

    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    expect(message.isConnected && message.hasAttribute('aria-busy'), 'no longer busy').to.equal(false);
    const done = await axTreeWith('higher highs');
    expect(done.filter((n) => n.busy)).to.deep.equal([]);
    // The whole answer is in the log, read by it (no region of its own).
    const words = textNodes(done, 'higher highs');
    expect(words.length).to.equal(1);
    expect(words[0].root?.role).to.equal('log');
    expect(words[0].live).to.equal('polite');
  });

  it('a stopped answer is no longer busy, and "Stopped" is read by the log, not a region of its own', async () => {
    const { panel } = await memoryPanel(mock.url);
    const full = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    await mock.script([{ text: full, chunkDelayMs: 40 }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Tell me a long story');
    const log = part(panel, 'messages')!;
    await waitFor(() => (log.querySelector('.message.assistant')?.textContent ?? '').includes('word3'), 'first words');
    part<HTMLButtonElement>(panel, 'stop')!.click();
    expect((await ended).status).to.equal('cancelled');
    await panel.updateComplete;
    expect(log.querySelector('.message.assistant')!.hasAttribute('aria-busy'), 'the partial answer is done').to.equal(
      false,
    );
    const notice = log.querySelector('.notice[data-notice="cancelled"]')!;
    expect(notice.hasAttribute('role'), 'no status inside the log').to.equal(false);
    const tree = await axTreeWith('Stopped');
    expect(tree.filter((n) => n.busy)).to.deep.equal([]);
    const said = textNodes(tree, 'Stopped');
    expect(said.length).to.equal(1);
    expect(said[0].root?.role).to.equal('log');
  });

  it('"Thinking…" is an addition to the log, not a live region inside it', async () => {
    const { panel } = await memoryPanel(mock.url);
    // The first chunk comes late: the indicator shows meanwhile.
    await mock.script([{ text: 'Done.', chunkDelayMs: 1500 }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    const log = part(panel, 'messages')!;
    await waitFor(() => log.querySelector('.thinking') !== null, 'the thinking indicator');
    const thinking = log.querySelector('.thinking')!;
    expect(thinking.hasAttribute('aria-live'), 'no live region of its own').to.equal(false);
    expect(thinking.getAttribute('role')).to.equal(null);
    const tree = await axTreeWith('Thinking');
    if (thinking.isConnected) {
      const text = textNodes(tree, 'Thinking');
      expect(text.length).to.equal(1);
      expect(text[0].root?.role, 'read by the log').to.equal('log');
    }
    expect((await ended).status).to.equal('completed');
  });

  it('an approval card that takes focus: Approve is described by what it approves, so focus landing there says it', async () => {
    const { panel } = await memoryPanel(mock.url);
    panel.setAttribute('confirm-mutations', 'on');
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'Weekly now.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Weekly please');
    await waitFor(() => part(panel, 'approve') !== null, 'the approval card');
    await waitFor(() => panel.shadowRoot!.activeElement === part(panel, 'approve'), 'focus on Approve');
    const card = part(panel, 'approval-card')!;
    const summary = card.querySelector('.approval-summary')!.textContent.trim();
    expect(summary).to.not.equal('');
    const tree = await axTreeWith(summary);
    const approve = tree.filter((n) => n.role === 'button' && n.name === 'Approve');
    expect(approve.length).to.equal(1);
    expect(approve[0].description, 'focus reads what it approves').to.equal(summary);
    part<HTMLButtonElement>(panel, 'approve')!.click();
    expect((await ended).status).to.equal('completed');
  });

  it('an approval card that appears while focus is on the page is read by the log', async () => {
    const { panel } = await memoryPanel(mock.url);
    panel.setAttribute('confirm-mutations', 'on');
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'Weekly now.' },
    ]);
    const outside = document.createElement('input');
    panel.parentElement!.append(outside);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Weekly please');
    outside.focus();
    await waitFor(() => part(panel, 'approve') !== null, 'the approval card');
    await panel.updateComplete;
    const card = part(panel, 'approval-card')!;
    expect(document.activeElement, 'focus stays on the page').to.equal(outside);
    const summary = card.querySelector('.approval-summary')!.textContent.trim();
    const said = textNodes(await axTreeWith(summary), summary);
    expect(said.length).to.equal(1);
    expect(said[0].root?.role).to.equal('log');
    expect(said[0].live).to.equal('polite');
    part<HTMLButtonElement>(panel, 'approve')!.click();
    expect((await ended).status).to.equal('completed');
  });

  it('an error is an alert once, when it happens; read back with its chat it is not', async () => {
    const { panel } = await memoryPanel(mock.url);
    await mock.script([{ status: 401, errorBody: { error: { message: 'Incorrect API key provided' } } }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello there');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;
    const words = 'The assistant is not set up correctly on this site';
    expect(part(panel, 'error')!.textContent).to.contain(words);
    let tree = await axTreeWith(words);
    expect(tree.filter((n) => n.role === 'alert').length, 'one alert').to.equal(1);
    let text = textNodes(tree, words);
    expect(text.length, 'its words once').to.equal(1);
    expect(text[0].root?.role, 'read by the alert').to.equal('alert');
    expect(text[0].live).to.equal('assertive');

    // Another chat, then this one again: its error is history, read with the log like the rest.
    const first = panel.sessionId;
    await panel.newSession();
    await waitFor(() => panel.sessionId !== first && part(panel, 'error') === null, 'a new chat');
    await panel.switchSession(first);
    await waitFor(() => part(panel, 'error') !== null, 'the first chat again');
    await panel.updateComplete;
    expect(part(panel, 'error')!.hasAttribute('role'), 'no alert for an old error').to.equal(false);
    tree = await axTreeWith(words);
    expect(tree.filter((n) => n.role === 'alert')).to.deep.equal([]);
    text = textNodes(tree, words);
    expect(text.length).to.equal(1);
    expect(text[0].root?.role).to.equal('log');
  });
});
