import type { AgentEvent } from '../protocol/index.js';

type TextCheckpoint = Extract<AgentEvent, { type: 'assistant.text.checkpoint' }>;

/**
 * The text so far of a message still streaming, after one more of its `assistant.text.checkpoint`s:
 * what its earlier checkpoints add up to (`previous`), cut at the checkpoint's `from`, then its text.
 * A checkpoint without `from` (stored by older builds, or the first one) holds the whole text.
 */
export function withCheckpoint(previous: string, checkpoint: Pick<TextCheckpoint, 'from' | 'text'>): string {
  return checkpoint.from ? previous.slice(0, checkpoint.from) + checkpoint.text : checkpoint.text;
}

/** How many leading characters `a` and `b` share. */
export function commonPrefixLength(a: string, b: string): number {
  if (b.startsWith(a)) return a.length;
  const end = Math.min(a.length, b.length);
  let i = 0;
  while (i < end && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
