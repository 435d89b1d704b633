import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MarkdownChunkScanner } from '../../../components/agent-parts/markdown-view/markdown-chunk-scanner.js';
import { splitMarkdownChunks } from '../../../components/agent-parts/markdown-view/split-markdown-chunks.js';

const BLOCKS = [
  '## Heading **bold**\n',
  'A paragraph with `code`\nover two lines.\n',
  '```ts\nconst a = 1;\n\nconst b = 2;\n```\n',
  '~~~\nx\n\n~~~\n',
  '- item\n\n- loose item\n\n  more of it\n',
  '1. one\n2. two\n',
  '| a | b |\n| --- | ---: |\n| 1 | 2 |\n',
  '> quoted\n> more\n',
  '    indented code\n',
  'text\r\nwith CRLF\r\n',
];

/** A pseudo-random document of the blocks above (deterministic: a linear congruential generator). */
function documentOf(seed: number, blocks: number): string {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  const out: string[] = [];
  for (let i = 0; i < blocks; i++) out.push(BLOCKS[next() % BLOCKS.length], next() % 4 === 0 ? '' : '\n');
  return out.join('');
}

test('fed a growing text piece by piece, it cuts exactly as splitMarkdownChunks cuts each prefix', () => {
  for (const minChunk of [0, 40, 1024]) {
    for (let seed = 1; seed <= 6; seed++) {
      const doc = documentOf(seed, 120);
      const scanner = new MarkdownChunkScanner(minChunk);
      for (let cut = 0; cut <= doc.length; cut += 1 + (cut % 7)) {
        const prefix = doc.slice(0, cut);
        scanner.feed(prefix);
        assert.deepEqual(
          scanner.chunks(),
          splitMarkdownChunks(prefix, minChunk),
          `min ${minChunk}, seed ${seed}, cut ${cut}`,
        );
        assert.equal(scanner.finished.join('') + scanner.rest, prefix);
        assert.equal(scanner.finishedLength, prefix.length - scanner.rest.length);
      }
      scanner.feed(doc);
      assert.deepEqual(scanner.chunks(), splitMarkdownChunks(doc, minChunk));
    }
  }
});

test('finished chunks stay finished while the text grows, and a text that does not extend it starts over', () => {
  const scanner = new MarkdownChunkScanner(0);
  scanner.feed('# A\n\ntext');
  assert.deepEqual(scanner.finished, [], 'a cut waits for the line after it to be complete');
  scanner.feed('# A\n\ntext\nmore');
  assert.deepEqual(scanner.finished, ['# A\n\n']);
  assert.equal(scanner.rest, 'text\nmore');
  const finished = scanner.finished;
  scanner.feed('# A\n\ntext\nmore and more');
  assert.equal(scanner.finished, finished, 'no chunk finished: the same array');
  assert.equal(scanner.extendedBy('# B\n'), false);
  scanner.feed('# B\n\nother\n\nend\n');
  assert.deepEqual(scanner.chunks(), ['# B\n\n', 'other\n\n', 'end\n']);
});

test('each line is read once however often a growing text is fed', () => {
  const doc = documentOf(3, 2000);
  const scanner = new MarkdownChunkScanner();
  let reads = 0;
  const indexOf = String.prototype.indexOf;
  // Count the newline searches: one per line plus one per feed, not one per line per feed.
  String.prototype.indexOf = function (this: string, ...args: Parameters<string['indexOf']>) {
    if (args[0] === '\n') reads++;
    return indexOf.apply(this, args);
  };
  let feeds = 0;
  try {
    for (let cut = 0; cut <= doc.length; cut += 8, feeds++) scanner.feed(doc.slice(0, cut));
  } finally {
    String.prototype.indexOf = indexOf;
  }
  const lines = doc.split('\n').length;
  assert.ok(reads <= lines + feeds, `${reads} newline searches for ${lines} lines and ${feeds} feeds`);
});
