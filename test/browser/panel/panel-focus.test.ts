import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, nextRunEnd, part, startMockModel, unmountAll } from './panel-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';

// Keyboard and screen-reader users must never be dropped on <body>: focus stays in the composer
// after sending, goes to a card that waits for them, and comes back to the composer after.
let mockUrl = '';
let mockRoot = '';

/** What has focus inside the panel (null when focus is outside it, e.g. on <body>). */
function focused(panel: ChartAgentPanel): Element | null {
  return document.activeElement === panel ? panel.shadowRoot!.activeElement : null;
}

function input(panel: ChartAgentPanel): HTMLTextAreaElement {
  return part<HTMLTextAreaElement>(panel, 'input')!;
}

/** Focuses then clicks `el`, as a pointer press on a focusable control does. */
function press(el: HTMLElement): void {
  el.focus();
  el.click();
}

async function panelWith(confirm = false): Promise<ChartAgentPanel> {
  const { panel } = await chartAndPanel(
    html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" confirm-mutations=${confirm ? 'on' : 'off'} style="width:380px;height:600px"></chart-agent-panel>`,
  );
  return panel;
}

async function typeText(panel: ChartAgentPanel, text: string): Promise<void> {
  const box = input(panel);
  box.focus();
  box.value = text;
  box.dispatchEvent(new Event('input', { bubbles: true }));
  await panel.updateComplete;
}

describe('<chart-agent-panel> focus management', function () {
  this.timeout(60000);

  before(async () => {
    ({ url: mockUrl, root: mockRoot } = await startMockModel());
  });
  afterEach(unmountAll);

  it('the Send button: focus goes to the message input (the button is replaced by Stop), not <body>', async () => {
    const panel = await panelWith();
    await scriptMock(mockRoot, [{ text: 'A slow answer that streams for a while.', chunkDelayMs: 60 }]);
    await typeText(panel, 'Hello');
    const ended = nextRunEnd(panel);
    press(part(panel, 'send')!);
    await waitFor(() => part(panel, 'stop') !== null, 'the Stop button');
    await panel.updateComplete;
    expect(focused(panel), 'focus during the run').to.equal(input(panel));
    await ended;
    await panel.updateComplete;
    expect(focused(panel), 'focus after the run').to.equal(input(panel));
  });

  it('Stop: when the focused Stop button goes away at run end, focus moves to the input', async () => {
    const panel = await panelWith();
    await scriptMock(mockRoot, [
      { text: 'An answer long enough to be stopped in the middle of it.', chunkDelayMs: 80 },
    ]);
    await typeText(panel, 'Hello');
    const ended = nextRunEnd(panel);
    input(panel).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await waitFor(() => part(panel, 'stop') !== null, 'the Stop button');
    part(panel, 'stop')!.focus();
    expect(focused(panel)).to.equal(part(panel, 'stop'));
    part(panel, 'stop')!.click();
    expect((await ended).status).to.equal('cancelled');
    await panel.updateComplete;
    expect(part(panel, 'stop')).to.equal(null);
    expect(document.activeElement, 'never <body>').to.equal(panel);
    expect(focused(panel)).to.equal(input(panel));
  });

  it('a question card takes focus (its first option); after answering, focus returns to the input', async () => {
    const panel = await panelWith();
    await scriptMock(mockRoot, [
      {
        toolCalls: [
          {
            name: 'ask_user',
            arguments: JSON.stringify({
              question: 'Which exchange?',
              options: [{ label: 'NYSE:ACME' }, { label: 'XETRA:ACME' }],
            }),
          },
        ],
      },
      { text: 'Thanks.' },
    ]);
    await typeText(panel, 'Show ACME');
    const ended = nextRunEnd(panel);
    input(panel).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await waitFor(() => panel.shadowRoot!.querySelector('.question-option input') !== null, 'the question card');
    const first = panel.shadowRoot!.querySelector<HTMLInputElement>('.question-option input')!;
    await waitFor(() => focused(panel) === first, 'focus on the first option of the question');

    first.click();
    await panel.updateComplete;
    press(panel.shadowRoot!.querySelector<HTMLButtonElement>('[part="question-submit"]')!);
    await waitFor(() => panel.shadowRoot!.querySelector('.question-card.answered') !== null, 'the answered card');
    await panel.updateComplete;
    expect(focused(panel), 'back in the composer').to.equal(input(panel));
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    expect(focused(panel)).to.equal(input(panel));
  });

  it('an approval card takes focus on Approve, so Enter approves; after approving, focus returns to the input', async () => {
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" confirm-mutations="on" style="width:380px;height:600px"></chart-agent-panel>`,
    );
    await scriptMock(mockRoot, [
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'Weekly now.' },
    ]);
    await typeText(panel, 'Weekly please');
    const ended = nextRunEnd(panel);
    input(panel).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await waitFor(() => part(panel, 'approve') !== null, 'the approval card');
    // Not the "Always allow" box above it: Space there would allow every later call unasked, and
    // Enter on it does nothing.
    await waitFor(() => focused(panel) === part(panel, 'approve'), 'focus on Approve');

    await sendKeys({ press: 'Enter' });
    await waitFor(() => part(panel, 'approve') === null, 'the card decided');
    expect(part(panel, 'approval-card')!.dataset.decision).to.equal('approved');
    await waitFor(() => chart.context.get()?.period === '1w', 'the chart weekly');
    await panel.updateComplete;
    expect(document.activeElement, 'never <body>').to.equal(panel);
    expect(focused(panel)).to.equal(input(panel));
    expect((await ended).status).to.equal('completed');
  });

  it('a card does not take focus from the page when focus is elsewhere', async () => {
    const panel = await panelWith();
    const outside = document.createElement('input');
    document.body.append(outside);
    try {
      await scriptMock(mockRoot, [
        {
          toolCalls: [
            {
              name: 'ask_user',
              arguments: JSON.stringify({ question: 'Which?', options: [{ label: 'A' }, { label: 'B' }] }),
            },
          ],
        },
        { text: 'ok' },
      ]);
      const ended = nextRunEnd(panel);
      void panel.send('Go');
      outside.focus();
      await waitFor(() => panel.shadowRoot!.querySelector('.question-option input') !== null, 'the question card');
      await panel.updateComplete;
      await (
        panel.shadowRoot!.querySelector('chart-agent-question-card') as HTMLElement & {
          updateComplete: Promise<unknown>;
        }
      ).updateComplete;
      expect(document.activeElement, 'the page keeps its focus').to.equal(outside);
      panel.runtime!.cancel(panel.sessionId);
      await ended;
    } finally {
      outside.remove();
    }
  });
});
