// The demo's data switcher: the same attributes a CMS widget would set.
const select = document.getElementById('source-select');
const chart = document.getElementById('main-chart');

// Skip links: focus the chart's plot or the assistant's message input (the panel's focus() puts the
// caret there), so a keyboard user reaches either in one or two Tabs.
for (const link of document.querySelectorAll('a.skip-link')) {
  link.addEventListener('click', (event) => {
    const target = document.querySelector(link.getAttribute('href'));
    if (!target) return;
    event.preventDefault();
    target.focus();
  });
}

select.addEventListener('change', () => {
  const [source, symbol, period] = select.value.split('|');
  chart.setAttribute('source', source);
  chart.setAttribute('symbol', symbol);
  chart.setAttribute('period', period);
});

chart.addEventListener('kline-error', (event) => {
  console.warn(`kline-error ${event.detail.code}: ${event.detail.message}`);
});
