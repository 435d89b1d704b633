/**
 * Measures one input-driven frame: from the first listener that sees a pointermove/wheel event
 * (capture on window, so before any library handler) until the task after the next animation
 * frame, i.e. after the libraries' rAF callbacks and the browser's style/layout/paint of that frame.
 */
export function createFrameProbe() {
  const samples = [];
  const waiters = [];
  const channel = new MessageChannel();
  let armed = false;
  let startedAt = -1;

  channel.port1.onmessage = () => {
    samples.push(performance.now() - startedAt);
    startedAt = -1;
    for (const resolve of waiters.splice(0)) resolve();
  };

  const onInput = () => {
    if (!armed || startedAt >= 0) return;
    startedAt = performance.now();
    // A message posted from rAF runs after this frame's rendering steps, not inside them.
    requestAnimationFrame(() => channel.port2.postMessage(0));
  };
  for (const type of ['pointermove', 'mousemove', 'wheel']) {
    window.addEventListener(type, onInput, { capture: true, passive: true });
  }

  return {
    /** Starts collecting; clears earlier samples. */
    start() {
      samples.length = 0;
      armed = true;
    },
    /** Resolves once the frame of the last input has been measured (at once when none is pending). */
    settled() {
      return startedAt < 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    /** Stops collecting and returns the frame times in ms. */
    stop() {
      armed = false;
      return samples.slice();
    },
  };
}

/** Resolves after `count` animation frames. */
export function nextFrames(count = 1) {
  return new Promise((resolve) => {
    const step = () => (--count <= 0 ? resolve() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  });
}
