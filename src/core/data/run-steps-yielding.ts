import { aborted } from './until-aborted.js';

/**
 * Runs `steps` (a parser's generator, one step per few tens of ms of work) to its end and returns its
 * value, yielding to the event loop between steps so the page paints and answers meanwhile. Stops with
 * an `aborted` error between steps once `signal` aborts (the user picked another file or symbol while a
 * million rows were being read). The yield is a message-channel task, not a timer: Chromium runs a
 * background tab's timers at most once a second (then once a minute), so with `setTimeout` a 1M-row
 * file opened in a background tab took about a second per 20,000 rows.
 */
export async function runStepsYielding<T>(steps: Generator<void, T, void>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTask();
    if (signal?.aborted) throw aborted();
  }
}

interface MessagePair {
  readonly port1: { onmessage: (() => void) | null; close(): void };
  readonly port2: { postMessage(message: null): void };
}

/** A task of its own after what the host has waiting (a message channel; a timer where there is none). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    // Typed as both hosts have it: the DOM's and Node's ports (Node 15+) both take `onmessage`.
    const { port1, port2 } = new MessageChannel() as unknown as MessagePair;
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
