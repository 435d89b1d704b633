// The browser tests' `block-requests` command (web-test-runner.config.js): a test page's requests whose URL
// matches a pattern fail as a network error would (a chunk that cannot be fetched), or wait (a slow network).

/**
 * The block of each test page: its request handler, the requests it holds, the probe requests it saw, and the
 * calls still to apply. Kept per page, not per test file: web-test-runner hands the same tab to the next file,
 * so a block one file leaves (a test that ran out of time after its cleanup) is replaced by the next call of
 * any file rather than left listening beside it and letting through what that call blocks.
 */
const blocks = new WeakMap();

/** Requests made only to see that the block holds in a frame (see {@link confirmBlock}); never served. */
const PROBE_PATH = '/__block-requests-probe/';
let probes = 0;

/** How long a frame's requests may take to go through the interception after it is turned on. */
const CONFIRM_MS = 10000;

/**
 * Makes `page`'s requests whose URL matches `payload.pattern` (a regular expression) fail, or with
 * `payload.hold` wait until the next call; `null` lets everything through again, the held requests first.
 * Requests matching `payload.holdPattern` wait meanwhile (one chunk slow while another fails). Calls take
 * effect one after the other, in the order they were made, and a call resolves once the block holds for a
 * request any frame of the page starts next.
 */
export function blockRequests(page, payload) {
  let state = blocks.get(page);
  if (!state) blocks.set(page, (state = { handler: null, held: [], seen: new Set(), queue: Promise.resolve() }));
  const applied = state.queue.then(() => apply(page, state, payload));
  state.queue = applied.catch(() => undefined);
  return applied;
}

/**
 * Lets `request` go on, or fails it: quietly when it was not caught (the page reports every request, also
 * those made while the interception is off, which cannot be continued) or is gone.
 */
function settle(request, failure) {
  (failure ? request.abort(failure) : request.continue()).catch(() => undefined);
}

/** Replaces the page's request handler at once, so no request meets both or neither. */
function swap(page, state, handler) {
  if (state.handler) page.off('request', state.handler);
  state.handler = handler;
  if (handler) page.on('request', handler);
}

async function apply(page, state, payload) {
  const held = state.held;
  state.held = [];
  if (payload.pattern === null) {
    // Until the interception is off, what it still catches goes on (nothing would answer it otherwise).
    swap(page, state, (request) => {
      if (!request.isInterceptResolutionHandled()) settle(request);
    });
    for (const request of held) settle(request);
    await page.setRequestInterception(false);
    await page.setCacheEnabled(true);
    swap(page, state, null);
    return true;
  }
  const pattern = new RegExp(payload.pattern);
  const holdPattern = payload.holdPattern ? new RegExp(payload.holdPattern) : null;
  const hold = state.held;
  swap(page, state, (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    const probe = new URL(url).pathname.startsWith(PROBE_PATH);
    if (probe) state.seen.add(url.slice(url.indexOf(PROBE_PATH) + PROBE_PATH.length));
    if (probe) settle(request, 'failed');
    else if (holdPattern?.test(url)) hold.push(request);
    else if (!pattern.test(url)) settle(request);
    else if (payload.hold) hold.push(request);
    else settle(request, 'failed');
  });
  for (const request of held) settle(request);
  // Without the cache, so a file another test page already fetched is asked for again (and blocked).
  await page.setCacheEnabled(false);
  await page.setRequestInterception(true);
  await confirmBlock(page, state);
  return true;
}

/**
 * Resolves once a request each frame of the page's origin starts reaches the handler. Chromium answers
 * `Fetch.enable` before the renderer has the loaders that go through the interception (the browser sends
 * them to each frame and does not wait), so a request the page starts at once, on a busy machine, could
 * still go out unseen: past the block. Each frame asks for a probe until the handler sees one.
 */
async function confirmBlock(page, state) {
  const origin = new URL(page.url()).origin;
  const deadline = Date.now() + CONFIRM_MS;
  for (const frame of page.frames()) {
    const url = frame.url();
    if (frame.detached || !(url.startsWith('about:') || (URL.canParse(url) && new URL(url).origin === origin)))
      continue;
    for (;;) {
      const token = String(++probes);
      // An image, not fetch: a test may count the page's fetch calls. Relative, so about:blank frames
      // ask their parent's origin.
      const asked = await frame
        .evaluate(
          (src) =>
            new Promise((resolve) => {
              const image = new globalThis.Image(); // evaluated in the frame, not in Node
              image.onload = image.onerror = () => resolve(true);
              image.src = src;
            }),
          PROBE_PATH + token,
        )
        .catch(() => false); // the frame went away meanwhile
      if (!asked || state.seen.delete(token)) break;
      if (Date.now() > deadline)
        throw new Error(
          `block-requests: the requests of the frame ${url} still bypass the block after ${CONFIRM_MS} ms`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
