/**
 * The in-page side of the panel streaming bench: loads the bundle (`?module=`), adds a panel bound
 * to the mock model (`?model=`), and exposes `window.panelBench` for the Node runner.
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
  const start = performance.now();
  while (!(panel.connected && panel.sessionId && panel.canSend)) {
    if (performance.now() - start > 30000) throw new Error('the panel did not become ready');
    await new Promise((r) => setTimeout(r, 20));
  }
  return panel;
})();

window.panelBench = {
  ready: async () => {
    await ready;
    return true;
  },
  /** Sends `text` and resolves to the run's wall time in ms and the run status. */
  async send(text) {
    const panel = await ready;
    const start = performance.now();
    const status = await panel.send(text);
    await panel.updateComplete;
    return { ms: performance.now() - start, status };
  },
  /** Rows in the panel's conversation. */
  async rows() {
    const panel = await ready;
    return panel.shadowRoot.querySelectorAll('[data-item]').length;
  },
};
