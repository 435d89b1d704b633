// The page inside the cross-origin iframe of the frames tests: one chart whose agent-origins comes from
// the query string, reporting its period to the parent so the test can see the chart change.
import '../../../components/kline-chart/define.js';

const params = new URLSearchParams(location.search);
const chart = document.createElement('kline-chart');
chart.id = params.get('id') ?? 'framed';
// `late`: the page names the origins after the chart connected, as demo/frame-chart.js does.
const late = params.has('late');
if (!late) chart.setAttribute('agent-origins', params.get('origins') ?? '');
chart.style.cssText = 'display:block;width:500px;height:300px';
document.body.append(chart);
if (late) setTimeout(() => chart.setAttribute('agent-origins', params.get('origins') ?? ''), 50);
chart.addEventListener('kline-context-change', (event) => {
  const context = (event as CustomEvent<{ context: { period: string } | null }>).detail.context;
  if (context) parent.postMessage({ framedChart: chart.id, period: context.period }, '*');
});
