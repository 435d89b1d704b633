import { expect } from '@open-wc/testing';
import '../../../components/chart-agent-panel/define.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { waitFor } from '../helpers/wait-for.js';

describe('<chart-agent-panel> landmark name', function () {
  this.timeout(20000);
  let panel: ChartAgentPanel | null = null;
  afterEach(() => {
    panel?.remove();
    panel = null;
  });

  it('a label the page sets after the panel rendered (a framework setting attributes late) is kept', async () => {
    const shown = (panel = document.createElement('chart-agent-panel'));
    shown.setAttribute('session-store', 'memory');
    document.body.append(shown);
    await waitFor(() => shown.sessionId !== '', 'a chat open');
    await shown.updateComplete;
    expect(shown.getAttribute('aria-label'), 'its own name at first').to.equal('Chart agent');
    shown.setAttribute('aria-label', 'Trading copilot');
    // Anything that renders the panel again: here its language.
    shown.setAttribute('locale', 'ja');
    await shown.updateComplete;
    expect(shown.getAttribute('aria-label')).to.equal('Trading copilot');
    // The page removes its label: the panel's own name, in its language, comes back.
    shown.removeAttribute('aria-label');
    shown.setAttribute('locale', 'en');
    await shown.updateComplete;
    expect(shown.getAttribute('aria-label')).to.equal('Chart agent');
  });
});
