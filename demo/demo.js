// The demo's data switcher: the same attributes a CMS widget would set.
const select = document.getElementById('source-select');
const chart = document.getElementById('main-chart');

select.addEventListener('change', () => {
  const [source, symbol, period] = select.value.split('|');
  chart.setAttribute('source', source);
  chart.setAttribute('symbol', symbol);
  chart.setAttribute('period', period);
});

chart.addEventListener('kline-error', (event) => {
  console.warn(`kline-error ${event.detail.code}: ${event.detail.message}`);
});
