// Points the iframe at the chart page of the second server (?frame=<url> overrides), telling it which
// origin (this page's) may drive it. The panel's for="frame:chart-frame" connects once the frame loads.
const params = new URLSearchParams(location.search);
const frameUrl = new URL(params.get('frame') ?? `${location.protocol}//${location.hostname}:8081/frame-chart.html`);
frameUrl.searchParams.set('origins', location.origin);
document.getElementById('chart-frame').src = frameUrl.href;
