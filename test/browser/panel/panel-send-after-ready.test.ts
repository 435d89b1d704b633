import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import { chartAndPanel, messagesText, unmountAll } from './panel-fixture.js';

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
});
