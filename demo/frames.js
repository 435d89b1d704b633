// Points the iframe at the chart page of the second origin `npm start` serves (?frame=<url> overrides), telling it which
// origin (this page's) may drive it. The panel's for="frame:chart-frame" connects once the frame loads.
const params = new URLSearchParams(location.search);
// `npm start` serves the framed chart on the next port (src/server/main.ts, FRAME_PORT).
const framePort = Number(location.port || (location.protocol === 'https:' ? 443 : 80)) + 1;
const frameUrl = new URL(
  params.get('frame') ?? `${location.protocol}//${location.hostname}:${framePort}/frame-chart.html`,
);
frameUrl.searchParams.set('origins', location.origin);
document.getElementById('chart-frame').src = frameUrl.href;
