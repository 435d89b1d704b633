/**
 * Resolves in a task of its own, after whatever the host has waiting: in a page, input and the next
 * frame's rendering. A message channel, not a timer: timers of a page in a background tab wait up to
 * a second, and nested ones at least 4 ms.
 *
 * @example if (performance.now() - since > 30) await yieldToEventLoop();
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
