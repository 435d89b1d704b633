import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitMarkdownChunks } from '../../../components/agent-parts/markdown-view/split-markdown-chunks.js';
import { tokenizeMarkdown } from '../../../components/agent-parts/markdown-view/tokenize-markdown.js';

const DOC = [
  '# Title',
  '',
  'Intro paragraph',
  'on two lines.',
  '',
  '```python',
  'a = 1',
  '',
  'b = 2',
  '```',
  '',
  '- item one',
  '',
  '- item two, loose',
  '',
  '  more of item two',
  '',
  '1. first',
  '2. second',
  '',
  '> quoted',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  'The end.',
  '',
].join('\n');

test('chunks join back to the source and cut only between independent blocks', () => {
  const chunks = splitMarkdownChunks(DOC, 0);
  assert.equal(chunks.join(''), DOC);
  assert.deepEqual(
    chunks.map((c) => c.split('\n')[0]),
    ['# Title', 'Intro paragraph', '```python', '- item one', '> quoted', '| a | b |', 'The end.'],
  );
});

test('chunks tokenize to the same result as the whole document', () => {
  const whole = tokenizeMarkdown(DOC);
  const parts = splitMarkdownChunks(DOC, 0).flatMap((chunk) => tokenizeMarkdown(chunk));
  assert.deepEqual(parts, whole);
});

test('while a message streams, every chunk but the last is already final', () => {
  const final = splitMarkdownChunks(DOC, 0);
  for (let cut = 0; cut <= DOC.length; cut++) {
    const chunks = splitMarkdownChunks(DOC.slice(0, cut), 0);
    assert.equal(chunks.join(''), DOC.slice(0, cut));
    chunks.slice(0, -1).forEach((chunk, i) => assert.equal(chunk, final[i], `cut at ${cut}, chunk ${i}`));
  }
});

test('the last line is cut off only once it is complete, so a half-streamed line never moves a cut', () => {
  assert.deepEqual(splitMarkdownChunks('para\n\n1', 0), ['para\n\n1']);
  assert.deepEqual(splitMarkdownChunks('para\n\n1. item\n', 0), ['para\n\n', '1. item\n']);
  assert.deepEqual(splitMarkdownChunks('- a\n\n- b\n\nend\n', 0), ['- a\n\n- b\n\n', 'end\n']);
});

test('short blocks are gathered into chunks of about a kilobyte', () => {
  const source = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} with some words in it.\n`).join('\n');
  const chunks = splitMarkdownChunks(source);
  assert.equal(chunks.join(''), source);
  assert.ok(chunks.length > 5 && chunks.length < 12, `${chunks.length} chunks`);
  for (const chunk of chunks.slice(0, -1))
    assert.ok(chunk.length >= 1024 && chunk.length < 1200, `${chunk.length} characters`);
});

test('a blank line inside a fence (backticks or tildes) is no cut; an unclosed fence holds to the end', () => {
  assert.equal(splitMarkdownChunks('~~~\na\n\nb\n~~~\n\nafter\n', 0).length, 2);
  assert.equal(splitMarkdownChunks('````\n```\n\nx\n````\n\nafter\n', 0).length, 2);
  assert.equal(splitMarkdownChunks('```\nopen\n\nstill code\n\nmore\n', 0).length, 1);
  assert.deepEqual(splitMarkdownChunks('', 0), ['']);
});
