/**
 * The in-page side of `bench/lib/panel-stream.bench.js`: loads the bundle (`?module=`), adds a
 * panel bound to the mock model (`?model=`) and exposes `window.panelStream` for the Node runner:
 * timed sends (with the animation frames seen meanwhile) and a timed scroll through the chat.
 */
const params = new URLSearchParams(location.search);
const ready = (async () => {
  await import(params.get('module') || '/dist/kline-chart.js');
  const panel = document.createElement('chart-agent-panel');
  panel.setAttribute('for', 'c1');
  panel.setAttribute('session-store', 'memory');
  panel.setAttribute('base-url', params.get('model'));
  panel.style.cssText = 'width:400px;height:600px';
  document.getElementById('host').append(panel);
  await customElements.whenDefined('chart-agent-panel');
  if (params.get('contentVisibility') === 'visible') {
    // A/B check of the panel's `content-visibility: auto` on finished rows.
    await panel.updateComplete;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.rows { content-visibility: visible !important; }');
    panel.shadowRoot.adoptedStyleSheets = [...panel.shadowRoot.adoptedStyleSheets, sheet];
  }
  const start = performance.now();
  while (!(panel.connected && panel.sessionId && panel.canSend)) {
    if (performance.now() - start > 30000) throw new Error('the panel did not become ready');
    await new Promise((r) => setTimeout(r, 20));
  }
  return panel;
})();

/** Records animation frame intervals until the returned function is called. */
function recordFrames() {
  const gaps = [];
  let last = performance.now();
  let on = true;
  const tick = (now) => {
    gaps.push(now - last);
    last = now;
    if (on) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return () => {
    on = false;
    return gaps;
  };
}

function frameSummary(gaps) {
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    frames: gaps.length,
    maxFrameMs: sorted.at(-1) ?? 0,
    p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    // A frame that took more than two 60 Hz intervals dropped at least one.
    longFrames: gaps.filter((g) => g > 2 * (1000 / 60)).length,
  };
}

window.panelStream = {
  ready: async () => {
    await ready;
    return true;
  },
  /** Sends `text`; resolves to the run's wall time in ms, its status and the frames seen meanwhile. */
  async send(text, { frames = false } = {}) {
    const panel = await ready;
    const stop = frames ? recordFrames() : null;
    const start = performance.now();
    const status = await panel.send(text);
    await panel.updateComplete;
    const ms = performance.now() - start;
    return { ms, status, ...(stop ? frameSummary(stop()) : {}) };
  },
  /** Opens a new, empty chat. */
  async newSession() {
    const panel = await ready;
    await panel.newSession();
    await panel.updateComplete;
    return panel.sessionId;
  },
  /** Scrolls the conversation from the bottom to the top and back, `step` px per frame. */
  async scroll(step = 400) {
    const panel = await ready;
    const el = panel.shadowRoot.querySelector('.messages');
    const stop = recordFrames();
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    for (let top = el.scrollHeight; top > 0; top -= step) {
      el.scrollTop = top;
      await frame();
    }
    for (let top = 0; top < el.scrollHeight; top += step) {
      el.scrollTop = top;
      await frame();
    }
    return frameSummary(stop().slice(1));
  },
  /** Mounts `count` more panels beside the chart, one at a time, each until connected, then removes it. */
  async churn(count = 20) {
    await ready;
    for (let i = 0; i < count; i++) {
      const extra = document.createElement('chart-agent-panel');
      extra.setAttribute('for', 'c1');
      extra.setAttribute('session-store', 'memory');
      extra.setAttribute('base-url', params.get('model'));
      document.getElementById('host').append(extra);
      const start = performance.now();
      while (!(extra.connected && extra.sessionId)) {
        if (performance.now() - start > 10000) throw new Error('an extra panel did not connect');
        await new Promise((r) => setTimeout(r, 10));
      }
      extra.remove();
    }
    return true;
  },
  /** Rows in the panel's conversation, and how many are tool cards. */
  async rows() {
    const panel = await ready;
    const root = panel.shadowRoot;
    return {
      rows: root.querySelectorAll('[data-item]').length,
      toolCards: root.querySelectorAll('[part~="tool-card"]').length,
    };
  },
};
