import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { pollUntil, waitFor } from '../helpers/wait-for.js';
import { memoryPanel, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';

// A card that waits for the user (an approval, a question) is heard once as it appears. Two things can
// read it: the conversation's polite log (the card is an addition to it) and focus landing on its first
// control (the control's name and description, and the label of the group focus enters). When the card
// takes focus, the log must not read it as well; when focus stays on the page, the log reads it alone.
// Checked on the tree Chromium gives assistive technology, every live region of the page counted (the
// chart's own status region, alerts, notices), not just the log.

/** A node of the accessibility tree, as the `ax-tree` command of web-test-runner.config.js gives it. */
interface AxNode {
  role: string;
  name: string;
  description: string;
  focused: boolean;
  live: string | null;
  root: { role: string; name: string } | null;
}

const axTree = (): Promise<AxNode[]> => executeServerCommand<AxNode[], undefined>('ax-tree');

/** Times `text` is read by a live region that speaks (polite or assertive), as text of the page. */
const byLiveRegions = (tree: AxNode[], text: string): number =>
  tree.filter(
    (n) => n.role === 'StaticText' && n.name.includes(text) && (n.live === 'polite' || n.live === 'assertive'),
  ).length;

/**
 * Times `text` is said as focus lands: in the focused control's name or description, or the label of a
 * group around it (`groups`: the names of the groups focus entered, from the DOM).
 */
function byFocus(tree: AxNode[], text: string, groups: string[]): number {
  const focused = tree.filter((n) => n.focused);
  return (
    focused.filter((n) => n.name.includes(text)).length +
    focused.filter((n) => n.description.includes(text)).length +
    groups.filter((g) => g.includes(text)).length
  );
}

/** The tree once it holds `text` and (with `focus`) a focused node. */
async function treeWith(text: string, focus: boolean): Promise<AxNode[]> {
  let tree: AxNode[] = [];
  await pollUntil(async () => {
    tree = await axTree();
    return tree.some((n) => n.name.includes(text)) && (!focus || tree.some((n) => n.focused));
  }, `"${text}" in the tree`);
  return tree;
}

/** Names of the role=group elements around the panel's focused control, read from their labels. */
function groupsAroundFocus(panel: ChartAgentPanel): string[] {
  const names: string[] = [];
  for (let at = panel.shadowRoot!.activeElement; at; at = at.parentElement) {
    if (at.getAttribute('role') !== 'group') continue;
    const by = at.getAttribute('aria-labelledby');
    names.push(by ? panel.shadowRoot!.getElementById(by)!.textContent.trim() : (at.getAttribute('aria-label') ?? ''));
  }
  return names;
}

/** Shift+Tab, as a keyboard user presses it. */
async function backTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

const setPeriod = [
  { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
  { text: 'Weekly now.' },
];

describe('<chart-agent-panel> a waiting card is heard once', function () {
  this.timeout(60000);
  const mock = useMockModel();

  it('an approval card that takes focus: its question and call are said by focus, not again by the log', async () => {
    const { panel } = await memoryPanel(mock.url);
    panel.setAttribute('confirm-mutations', 'on');
    await mock.script(setPeriod);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Weekly please');
    await waitFor(() => panel.shadowRoot!.activeElement === part(panel, 'approve'), 'focus on Approve');
    const card = part(panel, 'approval-card')!;
    const title = card.querySelector('.approval-title')!.textContent.trim();
    const summary = card.querySelector('.approval-summary')!.textContent.trim();
    const tree = await treeWith(summary, true);
    const groups = groupsAroundFocus(panel);
    for (const text of [title, summary]) {
      const live = byLiveRegions(tree, text);
      const focus = byFocus(tree, text, groups);
      expect({ text, live, focus, total: live + focus }, 'said once').to.deep.include({ total: 1 });
      expect(focus, 'by focus (the log may be cut off by it)').to.equal(1);
    }
    // Every part of the card is one key away.
    await backTab();
    expect(panel.shadowRoot!.activeElement).to.equal(card.querySelector('input[type=checkbox]'));
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(panel.shadowRoot!.activeElement).to.equal(part(panel, 'deny'));
    await backTab();
    await sendKeys({ press: 'Enter' });
    expect((await ended).status).to.equal('completed');
    expect(part(panel, 'approval-card')!.dataset.decision).to.equal('approved');
  });

  it('an approval card that appears while focus is on the page: the log reads it, once', async () => {
    const { panel } = await memoryPanel(mock.url);
    panel.setAttribute('confirm-mutations', 'on');
    await mock.script(setPeriod);
    const outside = document.createElement('input');
    panel.parentElement!.append(outside);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Weekly please');
    outside.focus();
    await waitFor(() => part(panel, 'approve') !== null, 'the approval card');
    await panel.updateComplete;
    expect(document.activeElement, 'focus stays on the page').to.equal(outside);
    const card = part(panel, 'approval-card')!;
    const tree = await treeWith(card.querySelector('.approval-summary')!.textContent.trim(), false);
    for (const text of [
      card.querySelector('.approval-title')!.textContent.trim(),
      card.querySelector('.approval-summary')!.textContent.trim(),
    ]) {
      expect(byLiveRegions(tree, text), text).to.equal(1);
      expect(byFocus(tree, text, []), 'focus is elsewhere').to.equal(0);
    }
    part<HTMLButtonElement>(panel, 'approve')!.click();
    expect((await ended).status).to.equal('completed');
    // The decision is news: the decided card is read by the log.
    await panel.updateComplete;
    const decided = part(panel, 'approval-card')!.querySelector('.approval-decision')!.textContent.trim();
    expect(byLiveRegions(await treeWith(decided, false), decided)).to.equal(1);
  });

  it('a question card that takes focus: the question is said by focus, not again by the log', async () => {
    const { panel } = await memoryPanel(mock.url);
    const question = 'Which exchange do you mean?';
    await mock.script([
      {
        toolCalls: [
          {
            name: 'ask_user',
            arguments: JSON.stringify({ question, options: [{ label: 'NYSE:ACME' }, { label: 'XETRA:ACME' }] }),
          },
        ],
      },
      { text: 'Thanks.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Show ACME');
    await waitFor(() => panel.shadowRoot!.querySelector('.question-option input') !== null, 'the question card');
    const first = panel.shadowRoot!.querySelector<HTMLInputElement>('.question-option input')!;
    await waitFor(() => panel.shadowRoot!.activeElement === first, 'focus on the first option');
    const tree = await treeWith(question, true);
    const live = byLiveRegions(tree, question);
    const focus = byFocus(tree, question, groupsAroundFocus(panel));
    expect({ live, focus }).to.deep.equal({ live: 0, focus: 1 });
    await sendKeys({ press: 'Space' });
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[part="question-submit"]')!.click();
    expect((await ended).status).to.equal('completed');
  });
});
