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

function show(value) {
  const [source, symbol, period] = value.split('|');
  chart.setAttribute('source', source);
  chart.setAttribute('symbol', symbol);
  chart.setAttribute('period', period);
}
select.addEventListener('change', () => show(select.value));

// The switcher shows what the chart shows: a load that fails (Binance offline) leaves the chart on the
// data it had, with a notice, so the switcher goes back to that choice too.
const shown = () =>
  `${chart.getAttribute('source') ?? 'sample'}|${chart.getAttribute('symbol') ?? 'DEMO'}|${chart.getAttribute('period') ?? '1d'}`;
let lastLoaded = [...select.options].some((o) => o.value === shown()) ? shown() : select.value;
chart.addEventListener('kline-data-load', (event) => {
  const { source, symbol, period } = event.detail;
  const value = `${source}|${symbol}|${period}`;
  if ([...select.options].some((o) => o.value === value)) lastLoaded = select.value = value;
});
chart.addEventListener('kline-error', (event) => {
  console.warn(`kline-error ${event.detail.code}: ${event.detail.message}`);
  // The attributes too, so choosing the failed source again (back online) is a change the chart loads.
  if (select.value !== lastLoaded) show((select.value = lastLoaded));
});

// `?locale=zh-CN` (or zh-TW, ja…): the elements and this page's own words in that language.
const DEMO_WORDS = {
  'zh-CN': [
    'K线图助手演示',
    '数据',
    '示例数据（离线）',
    '币安 BTCUSDT（实时）',
    '币安 ETHUSDT（实时）',
    '数据源',
    ['演示', '双图表', '框架', '工具参考', '宿主工具'],
  ],
  'zh-TW': [
    'K線圖助理示範',
    '資料',
    '範例資料（離線）',
    '幣安 BTCUSDT（即時）',
    '幣安 ETHUSDT（即時）',
    '資料來源',
    ['示範', '雙圖表', '框架', '工具參考', '宿主工具'],
  ],
  ja: [
    'ローソク足チャート・エージェントのデモ',
    'データ',
    'サンプルデータ（オフライン）',
    'Binance BTCUSDT（リアルタイム）',
    'Binance ETHUSDT（リアルタイム）',
    'データソース',
    ['デモ', '2 つのチャート', 'フレーム', 'ツール一覧', 'ホストのツール'],
  ],
};
const locale = new URLSearchParams(location.search).get('locale');
if (locale) {
  document.documentElement.lang = locale;
  for (const el of document.querySelectorAll('kline-chart, chart-agent-panel')) el.setAttribute('locale', locale);
  const words = DEMO_WORDS[Object.keys(DEMO_WORDS).find((k) => k.toLowerCase() === locale.toLowerCase()) ?? ''];
  if (words) {
    const [title, data, sample, btc, eth, sourceLabel, links] = words;
    document.querySelector('header h1').textContent = title;
    const label = document.querySelector('header .source');
    label.firstChild.textContent = `${data} `;
    select.setAttribute('aria-label', sourceLabel);
    [sample, btc, eth].forEach((text, i) => (select.options[i].textContent = text));
    document.querySelectorAll('header nav a').forEach((a, i) => (a.textContent = links[i] ?? a.textContent));
  }
}
