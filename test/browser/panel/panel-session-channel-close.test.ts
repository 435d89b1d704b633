import { expect } from '@open-wc/testing';
import '../../../components/chart-agent-panel/define.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { waitFor } from '../helpers/wait-for.js';

// Every BroadcastChannel the page opens on the panels' channel, and whether it was closed: the real
// class, counted (an open channel keeps its runtime, and that runtime's chats, alive).
const CHANNEL = 'kline-agent-sessions';
const opened: { closed: boolean }[] = [];
const Native = window.BroadcastChannel;
class CountedChannel extends Native {
  readonly #entry = { closed: false };
  constructor(name: string) {
    super(name);
    if (name === CHANNEL) opened.push(this.#entry);
  }
  override close(): void {
    this.#entry.closed = true;
    super.close();
  }
}

const stillOpen = () => opened.filter((c) => !c.closed).length;

describe('<chart-agent-panel> and the kline-agent-sessions channel', function () {
  this.timeout(30000);

  before(() => {
    window.BroadcastChannel = CountedChannel;
  });
  after(() => {
    window.BroadcastChannel = Native;
  });

  async function panelWithChat(): Promise<ChartAgentPanel> {
    const panel = document.createElement('chart-agent-panel');
    panel.setAttribute('session-store', 'memory');
    document.body.append(panel);
    await waitFor(() => panel.sessionId !== '' && panel.runtime?.activeRun(panel.sessionId) === null, 'a chat open');
    await waitFor(() => opened.length > 0, 'the channel opened with the chat');
    return panel;
  }

  it('a panel removed from the page, or moved in it, leaves no channel open behind', async () => {
    const panel = await panelWithChat();
    expect(stillOpen()).to.equal(1);
    // Moved: a new runtime takes over the chat; the old one's channel goes.
    const other = document.createElement('div');
    document.body.append(other);
    other.append(panel);
    await waitFor(() => opened.length >= 2, 'the moved panel reopened its chat');
    await waitFor(() => stillOpen() === 1, 'one channel for the one panel', 3000);
    panel.remove();
    await waitFor(() => stillOpen() === 0, 'no channel left open', 3000);
    other.remove();
  });
});
