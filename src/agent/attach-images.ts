import type { ChatMessage } from './build-history.js';

/** A part of a user message with images (Chat Completions vision format). */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A message as sent: the history's messages plus user messages that carry images. */
export type ChatRequestMessage = ChatMessage | { role: 'user'; content: ChatContentPart[] };

/** What replaces an image the model cannot take. */
export const IMAGE_REFUSED_TEXT =
  '[The chart image could not be shown: this model does not accept images. Use chart_get_context and market_bars_query instead.]';

/**
 * Inserts, after the block of tool messages that answers a step, one user message per captured
 * image of the current run: a text part naming the call, then the image as an `image_url` part.
 * Images of earlier runs are never resent (only the current run's `images` are attached).
 */
export function attachImages(
  messages: readonly ChatMessage[],
  images: ReadonlyMap<string, string>,
): ChatRequestMessage[] {
  if (images.size === 0) return [...messages];
  const out: ChatRequestMessage[] = [];
  let waiting: { callId: string; url: string }[] = [];
  const release = () => {
    for (const { callId, url } of waiting) {
      out.push({
        role: 'user',
        content: [
          { type: 'text', text: `The chart image captured by tool call ${callId}:` },
          { type: 'image_url', image_url: { url } },
        ],
      });
    }
    waiting = [];
  };
  for (const message of messages) {
    if (message.role !== 'tool') release();
    out.push(message);
    if (message.role === 'tool') {
      const url = images.get(message.tool_call_id);
      if (url) waiting.push({ callId: message.tool_call_id, url });
    }
  }
  release();
  return out;
}

/** True when some message carries an image part. */
export function hasImages(messages: readonly ChatRequestMessage[]): boolean {
  return messages.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));
}

/** The messages with every image replaced by {@link IMAGE_REFUSED_TEXT}. */
export function withoutImages(messages: readonly ChatRequestMessage[]): ChatRequestMessage[] {
  return messages.map((m) =>
    Array.isArray(m.content)
      ? {
          role: 'user' as const,
          content: m.content.map((p) => (p.type === 'text' ? p.text : IMAGE_REFUSED_TEXT)).join('\n'),
        }
      : m,
  );
}
