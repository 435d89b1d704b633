import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/wait-for.js';
import { chartAndPanel, nextRunEnd, part, typeAndSend, unmountAll } from './panel-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';

// The wait before a retry counts down on screen; a screen reader hears it once, not every second.
let mockUrl = '';
let mockRoot = '';

/** The text assistive technology gets from `el`: what is not inside an aria-hidden subtree. */
function spokenText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') text += spokenText(node);
  }
  return text.replace(/\s+/g, ' ').trim();
}

describe('<chart-agent-panel> retry countdown for screen readers', function () {
  this.timeout(60000);

  before(async () => {
    await import('openai');
    mockUrl = String(await executeServerCommand('mock-model-url'));
    mockRoot = mockUrl.replace(/\/v1$/, '');
  });
  afterEach(unmountAll);

  it('the live status line says the wait once; only the visible countdown ticks', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
    );
    await scriptMock(mockRoot, [
      { status: 429, headers: { 'retry-after': '4' }, errorBody: { error: { message: 'slow down' } } },
      { text: 'Here.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    await waitFor(() => part(panel, 'retry-status') !== null, 'the retry status line');
    const status = part(panel, 'retry-status')!;
    expect(status.getAttribute('role')).to.equal('status');
    const shownFirst = status.innerText;
    const spokenFirst = spokenText(status);
    expect(spokenFirst).to.match(/Rate limited — retrying in [34] s/);
    await waitFor(() => status.innerText !== shownFirst, 'the visible countdown ticks', 3000);
    expect(spokenText(status), 'the live region does not change with the clock').to.equal(spokenFirst);
    expect((await ended).status).to.equal('completed');
  });
});
