import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/agent-parts/question-card/define.js';
import type { AgentQuestionCard, QuestionAnswerDetail } from '../../../components/agent-parts/question-card/index.js';
import type { QuestionTranscriptItem } from '../../../src/agent/index.js';

function question(overrides: Partial<QuestionTranscriptItem> = {}): QuestionTranscriptItem {
  return {
    kind: 'question',
    id: 'question:r1:c1',
    runId: 'r1',
    at: 0,
    callId: 'c1',
    question: 'Which ACME do you mean?',
    options: [
      { label: 'NYSE:ACME', description: 'Acme Industries Inc.' },
      { label: 'XETRA:ACME' },
      { label: 'Neither' },
    ],
    multiSelect: false,
    ...overrides,
  };
}

async function mount(
  item: QuestionTranscriptItem,
): Promise<{ card: AgentQuestionCard; answers: QuestionAnswerDetail[] }> {
  const card = await fixture<AgentQuestionCard>(
    html`<chart-agent-question-card .item=${item}></chart-agent-question-card>`,
  );
  const answers: QuestionAnswerDetail[] = [];
  card.addEventListener('question-answer', (e) => answers.push(e.detail));
  return { card, answers };
}

const inputs = (card: AgentQuestionCard) => [
  ...card.querySelectorAll<HTMLInputElement>('[part~="question-option"] input'),
];
const key = (target: Element, k: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

describe('question card', () => {
  it('single choice: arrow keys move and select, Enter submits the label', async () => {
    const { card, answers } = await mount(question());
    const options = inputs(card);
    expect(options.map((o) => o.type)).to.deep.equal(['radio', 'radio', 'radio']);
    const submit = card.querySelector<HTMLButtonElement>('[part~="question-submit"]')!;
    expect(submit.disabled, 'nothing chosen yet').to.equal(true);
    options[0].focus();
    key(options[0], 'ArrowDown');
    await card.updateComplete;
    expect(card.querySelector(':focus')).to.equal(options[1]);
    expect(options[1].checked).to.equal(true);
    key(options[1], 'ArrowUp');
    key(options[0], 'ArrowUp');
    await card.updateComplete;
    expect(card.querySelector(':focus'), 'wraps around').to.equal(options[2]);
    key(options[2], 'ArrowRight');
    key(options[0], 'ArrowRight');
    await card.updateComplete;
    key(options[1], 'Enter');
    expect(answers).to.deep.equal([{ callId: 'c1', answer: { status: 'answered', selected: ['XETRA:ACME'] } }]);
    await card.updateComplete;
    expect(
      inputs(card).every((o) => o.disabled),
      'locked after submitting',
    ).to.equal(true);
  });

  it('multiple choice: checkboxes, Space toggles, note is sent, Enter in the note submits', async () => {
    const { card, answers } = await mount(question({ multiSelect: true }));
    const options = inputs(card);
    expect(options.map((o) => o.type)).to.deep.equal(['checkbox', 'checkbox', 'checkbox']);
    options[0].focus();
    // Space on a focused checkbox is the browser's own toggle (a click).
    options[0].click();
    key(options[0], 'ArrowDown');
    await card.updateComplete;
    expect(card.querySelector(':focus')).to.equal(options[1]);
    expect(options[1].checked, 'moving does not tick a checkbox').to.equal(false);
    key(options[1], 'ArrowDown');
    options[2].click();
    await card.updateComplete;
    const note = card.querySelector<HTMLTextAreaElement>('[part~="question-note"]')!;
    note.value = 'compare both';
    note.dispatchEvent(new Event('input'));
    key(note, 'Enter');
    expect(answers).to.deep.equal([
      { callId: 'c1', answer: { status: 'answered', selected: ['NYSE:ACME', 'Neither'], note: 'compare both' } },
    ]);
  });

  it('clicking an option label and submit answers; an answered card shows the answer', async () => {
    const { card, answers } = await mount(question());
    card.querySelectorAll<HTMLElement>('[part~="question-option"]')[1].click();
    await card.updateComplete;
    card.querySelector<HTMLButtonElement>('[part~="question-submit"]')!.click();
    expect(answers[0].answer).to.deep.equal({ status: 'answered', selected: ['XETRA:ACME'] });
    card.item = { ...question(), answer: { status: 'answered', selected: ['XETRA:ACME'], note: 'the German one' } };
    await card.updateComplete;
    expect(card.querySelector('[part~="question-option"]')).to.equal(null);
    expect(card.textContent).to.contain('XETRA:ACME');
    expect(card.textContent).to.contain('the German one');
  });

  it('renders question text and descriptions as text', async () => {
    const { card } = await mount(
      question({
        question: '<img src=x onerror="window.__pwned=1">',
        options: [{ label: '<b>x</b>', description: '<i>y</i>' }],
      }),
    );
    expect(card.querySelector('img, b, i')).to.equal(null);
    expect(card.textContent).to.contain('<img src=x');
  });

  it('a screen reader hears the question once, and each choice by its label with its description apart', async () => {
    /** The accessible name an element gets from `aria-labelledby`. */
    const labelledBy = (el: Element) =>
      (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => card.querySelector(`#${CSS.escape(id)}`)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
    const { card } = await mount(question());
    const group = card.querySelector('[part~="question-card"]')!;
    const choices = card.querySelector('[role="radiogroup"]')!;
    expect(labelledBy(group)).to.equal('Which ACME do you mean?');
    // Focus lands on the first radio: entering the card and its choices must not read the question twice.
    expect(labelledBy(choices), 'the choices are named by the hint').to.equal('Choose one');
    const first = inputs(card)[0];
    expect(labelledBy(first), 'name: the label alone').to.equal('NYSE:ACME');
    const describedBy = first.getAttribute('aria-describedby') ?? '';
    expect(card.querySelector(`#${CSS.escape(describedBy)}`)?.textContent).to.equal('Acme Industries Inc.');
    expect(inputs(card)[1].hasAttribute('aria-describedby'), 'no description, none referenced').to.equal(false);
  });
});
