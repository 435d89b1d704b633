import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { loadLocale } from '../../../components/i18n/locale-registry.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';

/** What the header shows of the current chat: its title, and its time. */
function shown(panel: ChartAgentPanel): { title: string; time: string; option: string } {
  const root = panel.shadowRoot!;
  const select = part<HTMLSelectElement>(panel, 'session-list')!;
  return {
    title: root.querySelector('.session-title')?.textContent ?? '',
    time: root.querySelector('.session-time')?.textContent ?? '',
    option: select.selectedOptions[0]?.textContent ?? '',
  };
}

/**
 * A chat's default title ("New chat · 21:07") is shown in the panel's current language, not in the one
 * it was created in; a chat named after its first message keeps its name. On a narrow (phone) panel in
 * Japanese the title is cut short before its time, which stays whole in view.
 */
describe('<chart-agent-panel> the chat title and the locale', function () {
  this.timeout(60000);
  const mock = useMockModel();
  before(() => loadLocale('ja'));

  it('shows a never-named chat as "New chat" in the current language', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="memory" locale="en" style="width:380px;height:400px"></chart-agent-panel>`,
    );
    expect(shown(panel).option).to.match(/^New chat · \d\d:\d\d$/);
    panel.setAttribute('locale', 'ja');
    await waitFor(() => shown(panel).option.startsWith('新しいチャット'), 'the Japanese title', 5000).catch(() => {});
    expect(shown(panel).option).to.match(/^新しいチャット · \d\d:\d\d$/);
    expect(shown(panel).title).to.equal('新しいチャット');
    expect(shown(panel).time).to.match(/ · \d\d:\d\d$/);
    // Named after its first message, the chat keeps that name in any language.
    await mock.script([{ text: 'Done.' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Weekly please');
    await ended;
    await waitFor(() => shown(panel).title === 'Weekly please', 'the chat named');
    panel.setAttribute('locale', 'en');
    await panel.updateComplete;
    expect(shown(panel).title).to.equal('Weekly please');
  });

  it('keeps the time in view when a narrow panel cuts the title short', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="memory" locale="ja" style="width:250px;height:400px"></chart-agent-panel>`,
    );
    await waitFor(() => shown(panel).title === '新しいチャット', 'the Japanese title');
    const root = panel.shadowRoot!;
    const select = part<HTMLSelectElement>(panel, 'session-list')!.getBoundingClientRect();
    const title = root.querySelector<HTMLElement>('.session-title')!;
    const time = root.querySelector<HTMLElement>('.session-time')!.getBoundingClientRect();
    expect(title.scrollWidth, 'the title is cut short').to.be.above(title.clientWidth);
    expect(time.width, 'the time is shown').to.be.above(20);
    expect(time.left >= select.left && time.right <= select.right, 'the time whole, over the picker').to.equal(true);
  });

  it('lets a page style the shown title through its part, as it styled the picker', async () => {
    const style = document.createElement('style');
    style.textContent = 'chart-agent-panel::part(session-title) { color: rgb(1, 2, 3); font-style: italic; }';
    document.head.append(style);
    try {
      const { panel } = await chartAndPanel(
        html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="memory"></chart-agent-panel>`,
      );
      await waitFor(() => shown(panel).title !== '', 'a chat shown');
      const title = getComputedStyle(panel.shadowRoot!.querySelector<HTMLElement>('.session-title')!);
      expect([title.color, title.fontStyle]).to.deep.equal(['rgb(1, 2, 3)', 'italic']);
    } finally {
      style.remove();
    }
  });
});
