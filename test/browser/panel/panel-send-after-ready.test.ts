import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, messagesText, nextRunEnd, typeAndSend, unmountAll } from './panel-fixture.js';

describe('<chart-agent-panel> sending as soon as it is ready', function () {
  this.timeout(60000);
  afterEach(unmountAll);

  it('never drops a message sent while the session is still being opened', async () => {
    await import('openai');
    const mockUrl = String(await executeServerCommand('mock-model-url'));
    const root = mockUrl.replace(/\/v1$/, '');
    await fetch(`${root}/__mock/reset`, { method: 'POST' });
    await fetch(`${root}/__mock/script`, { method: 'POST', body: JSON.stringify([{ text: 'Hello back.' }]) });
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory"></chart-agent-panel>`,
    );
    await chart.tools.execute('chart_set_symbol', { symbol: 'BTCUSDT' });
    expect(panel.canSend).to.equal(true);
    expect(await panel.send('hello')).to.equal('completed');
    await panel.updateComplete;
    expect(messagesText(panel)).to.contain('Hello back.');
  });

  it('a panel moved in the page is not ready until its chat is open again, then answers the first message', async () => {
    await import('openai');
    const mockUrl = String(await executeServerCommand('mock-model-url'));
    const root = mockUrl.replace(/\/v1$/, '');
    const { wrapper, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" session-key="moved-panel"></chart-agent-panel>`,
    );
    const chat = panel.sessionId;
    await fetch(`${root}/__mock/reset`, { method: 'POST' });
    await fetch(`${root}/__mock/script`, { method: 'POST', body: JSON.stringify([{ text: 'Still here.' }]) });
    // A site wraps the panel in a landmark: it leaves the document and comes back.
    const main = document.createElement('main');
    wrapper.append(main);
    main.append(panel);
    // It still shows its chat, but a message sent before the chat is reopened would be dropped.
    expect(panel.sessionId).to.equal(chat);
    expect(panel.canSend, 'ready right after the move').to.equal(false);
    await waitFor(() => panel.canSend, 'panel ready after the move');
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Are you there?');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    expect(panel.sessionId).to.equal(chat);
    expect(messagesText(panel)).to.contain('Still here.');
  });
});
