/**
 * The first media address in a chat request's messages that is not a `data:` URL, or `null` when
 * there is none: an `image_url`, `audio_url`, `video_url`, `file_url`… part naming `http://…`, or any
 * other string of a content part that reads as an address (`scheme:/…` or `//host…`; a name like
 * `report:2024.pdf` is none), as the shapes
 * OpenAI-compatible servers also fetch (a video given as a list of frame URLs, `input_audio.data` or
 * a file's data given by URL, an image `source.url`). A part's own `text` is words, never fetched.
 * The model server would fetch such an address itself: from the relay's network (a cloud metadata
 * address, an intranet host) or, for a hosted model, from a host of the sender's choosing. The panel
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
        if (key === 'text') continue;
        const url: unknown = isObject(value) ? value.url : value;
        if ((key.endsWith('_url') || key === 'url') && typeof url === 'string' && !isData(url)) return url;
        const nested = addressIn(value);
        if (nested !== null) return nested;
      }
    }
  }
  return null;
}

/** The first string in `value` (walked without recursion: the body may nest deeply) that reads as a non-`data:` address. */
function addressIn(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (/^\s*(\/\/|[a-z][a-z0-9+.-]*:\/)/i.test(item)) return item;
    } else if (Array.isArray(item) || isObject(item)) for (const child of Object.values(item)) stack.push(child);
  }
  return null;
}

function isData(url: string): boolean {
  return /^\s*data:/i.test(url);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
