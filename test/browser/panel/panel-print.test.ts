import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { memoryPanel, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';

/** An answer far longer than a 300 px panel shows at once. */
const LONG_ANSWER = Array.from({ length: 40 }, (_, i) => `${i + 1}. Line ${i + 1} of the summary.`).join('\n');

describe('<chart-agent-panel> printed', function () {
  this.timeout(60000);
  const mock = useMockModel();
  afterEach(() => emulateMedia({ media: 'screen' }));

  it('prints the whole conversation, not the part scrolled into view, and no composer', async () => {
    const { panel } = await memoryPanel(mock.url, { height: 300 });
    await mock.script([{ text: 'First line of the answer.\n\n' + LONG_ANSWER }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Summarize the last 40 bars');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    const messages = part(panel, 'messages')!;
    expect(messages.scrollHeight, 'on screen the chat scrolls').to.be.greaterThan(messages.clientHeight + 100);

    await emulateMedia({ media: 'print' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(messages.scrollHeight - messages.clientHeight, 'nothing hidden behind a scroll').to.be.at.most(1);
    const host = panel.getBoundingClientRect();
    const question = messages.querySelector('.message.user')!.getBoundingClientRect();
    const lastLine = [...messages.querySelectorAll('.markdown li')].at(-1)!.getBoundingClientRect();
    expect(question.top, 'the question is on the page').to.be.at.least(host.top);
    expect(lastLine.bottom, 'the last line is inside the panel, not cut off').to.be.at.most(host.bottom);
    const composer = part(panel, 'input')!.closest('.composer')!;
    expect(getComputedStyle(composer).display, 'no message box on paper').to.equal('none');
  });
});
