/**
 * The first media address in a chat request's messages that is not a `data:` URL (an `image_url`,
 * `audio_url`, `video_url`, `file_url`… part naming `http://…`), or `null` when there is none. The
 * model server would fetch such an address itself: from the relay's network (a cloud metadata
 * address, an intranet host) or, for a hosted model, to a host of the sender's choosing. The panel
 * only sends captured images as `data:` URLs (src/agent/agent-runtime.ts keeps no other), so the
 * relay refuses the rest.
 *
 * @example remoteMediaUrl([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://10.0.0.1/' } }] }]) // 'http://10.0.0.1/'
 */
export function remoteMediaUrl(messages: unknown): string | null {
  if (!Array.isArray(messages)) return null;
  for (const message of messages) {
    const content: unknown = isObject(message) ? message.content : undefined;
    if (!Array.isArray(content)) continue;
    for (const part of content) {
      if (!isObject(part)) continue;
      for (const [key, value] of Object.entries(part)) {
        if (!key.endsWith('_url') && key !== 'url') continue;
        const url: unknown = isObject(value) ? value.url : value;
        if (typeof url === 'string' && !/^\s*data:/i.test(url)) return url;
      }
    }
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
