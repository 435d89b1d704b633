import { expect } from '@open-wc/testing';
import { registerLocale } from '../../../components/i18n/index.js';
import { memoryPanel, nextRunEnd, part, parts, typeAndSend, useMockModel } from './panel-fixture.js';
import { waitFor } from '../helpers/chart-fixture.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';

/** An answer in Arabic: a paragraph, a list and a quote. */
const ARABIC_ANSWER = 'سأضيف المؤشر.\n\n- أول نقطة 123.45\n- ثانية\n\n> اقتباس مهم';

const box = (el: Element) => el.getBoundingClientRect();
const markdown = (panel: ChartAgentPanel) => part(panel, 'messages')!.querySelector<HTMLElement>('.markdown')!;

describe('<chart-agent-panel> and writing direction', function () {
  this.timeout(60000);
  const mock = useMockModel();
  let before: { dir: string; lang: string };
  beforeEach(() => {
    before = { dir: document.documentElement.dir, lang: document.documentElement.lang };
  });
  afterEach(() => {
    document.documentElement.dir = before.dir;
    document.documentElement.lang = before.lang;
  });

  it('on an Arabic page its English words stay left to right ("9 ms", not "ms 9") while the answer reads right to left', async () => {
    document.documentElement.dir = 'rtl';
    document.documentElement.lang = 'ar';
    const { panel } = await memoryPanel(mock.url);
    await mock.script([
      { toolCalls: [{ name: 'instruments_query_name', arguments: '{"query":"ACME"}' }] },
      { text: ARABIC_ANSWER },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'أظهر ACME');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    // The English catalogue is in use (no Arabic one): its words read left to right.
    for (const name of ['input', 'messages']) {
      expect(getComputedStyle(part(panel, name)!).direction, name).to.equal('ltr');
    }
    const head = part(panel, 'tool-card')!.querySelector('.tool-head')!;
    const label = head.querySelector('.tool-label')!;
    const elapsed = head.querySelector('.tool-elapsed')!;
    expect(elapsed.textContent).to.match(/\d+\s*ms/);
    expect(box(elapsed).left, 'the time comes after the label, at the line end').to.be.greaterThan(box(label).right);
    // The Arabic answer reads right to left: its first line ends at the right, the list's bullets and
    // the quote's bar sit on the right.
    const answer = markdown(panel);
    const [paragraph, list, quote] = [...answer.children] as HTMLElement[];
    expect(getComputedStyle(paragraph).direction).to.equal('rtl');
    expect(getComputedStyle(list).direction).to.equal('rtl');
    expect(getComputedStyle(list).paddingRight, 'bullets on the right').to.not.equal('0px');
    expect(getComputedStyle(quote).borderRightWidth, 'quote bar on the right').to.equal('3px');
    expect(getComputedStyle(quote).borderLeftWidth).to.equal('0px');
    // The user's own message: an Arabic text reads right to left inside the bubble.
    const userText = part(panel, 'messages')!.querySelector<HTMLElement>('.message.user [dir]')!;
    expect(userText.textContent).to.equal('أظهر ACME');
    expect(getComputedStyle(userText).direction).to.equal('rtl');
  });

  it('on a left-to-right page an Arabic answer still reads right to left, and an English one left to right', async () => {
    const { panel } = await memoryPanel(mock.url);
    await mock.script([{ text: `${ARABIC_ANSWER}\n\nThe last close is 127.40.` }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Summarize');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    const blocks = [...markdown(panel).children] as HTMLElement[];
    expect(blocks.map((b) => getComputedStyle(b).direction)).to.deep.equal(['rtl', 'rtl', 'rtl', 'ltr']);
    expect(getComputedStyle(blocks[2]).borderRightWidth, 'quote bar on the right').to.equal('3px');
  });

  it('with Hebrew words registered, the panel mirrors: send button on the left, question options from the right', async () => {
    registerLocale('he', { panel: { send: 'שלח', inputPlaceholder: 'שאל על הגרף' } });
    const { panel } = await memoryPanel(mock.url, { locale: 'he' });
    expect(part<HTMLTextAreaElement>(panel, 'input')!.placeholder).to.equal('שאל על הגרף');
    expect(getComputedStyle(part(panel, 'messages')!).direction).to.equal('rtl');
    const send = box(part(panel, 'send')!);
    const input = box(part(panel, 'input')!);
    expect(send.right, 'send button left of the input').to.be.at.most(input.left + 1);
    // The text box's wide inner margin is on its start (right) side, the send button's narrow one at the end.
    expect(getComputedStyle(part(panel, 'input')!.parentElement!).paddingRight).to.equal('10px');
    await mock.script([
      {
        toolCalls: [
          {
            name: 'ask_user',
            arguments: JSON.stringify({
              question: 'איזו בורסה?',
              options: [{ label: 'NYSE:ACME', description: 'Acme Industries Inc.' }, { label: 'XETRA:ACME' }],
            }),
          },
        ],
      },
    ]);
    await typeAndSend(panel, 'ACME');
    await waitFor(() => parts(panel, 'question-option').length === 2, 'question options');
    const option = parts(panel, 'question-option')[0];
    const radio = box(option.querySelector('input')!);
    const text = box(option.querySelector('.question-option-label')!);
    expect(radio.left, 'the radio button at the start (right)').to.be.greaterThan(text.right);
    // A Latin label inside the mirrored card keeps its own order (the full stop stays at its end).
    const description = option.querySelector<HTMLElement>('.question-option-description')!;
    expect(getComputedStyle(description).direction).to.equal('ltr');
    panel.stop();
  });
});
