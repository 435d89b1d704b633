// `node build/test/mock-binance/main.js [port]`: runs the mock exchange for manual checks of a page
// (point the chart's binance source at the printed URLs). History ends now; every second the last bar
// of each stream that was ever opened moves, and a new bar opens when its interval begins. Ctrl+C stops.
import { startMockBinance } from './mock-binance-server.js';
import { nextOpenTime } from './mock-kline-series.js';

const port = Number(process.argv[2] ?? 0);
const mock = await startMockBinance({ port: Number.isFinite(port) ? port : 0, now: Date.now() });
console.log(`mock binance: REST ${mock.restUrl}  websocket ${mock.wsUrl}`);

const ticker = setInterval(() => {
  const streams = new Set(mock.streamConnections.map((path) => path.slice('/ws/'.length)));
  for (const stream of streams) {
    const [lower, interval] = stream.split('@kline_');
    const symbol = lower.toUpperCase();
    const last = mock.bars(symbol, interval).at(-1);
    if (!last) continue;
    const close = Math.round(last.close * (1 + (Math.random() - 0.5) * 0.002) * 100) / 100;
    const next = nextOpenTime(interval, last.time);
    if (Date.now() >= next) {
      mock.pushKline(symbol, interval, last, true);
      mock.pushKline(symbol, interval, {
        time: next,
        open: last.close,
        high: Math.max(last.close, close),
        low: Math.min(last.close, close),
        close,
        volume: 0.1,
      });
    } else {
      mock.pushKline(symbol, interval, {
        ...last,
        close,
        high: Math.max(last.high, close),
        low: Math.min(last.low, close),
        volume: last.volume + 0.1,
      });
    }
  }
}, 1000);

process.on('SIGINT', () => {
  clearInterval(ticker);
  void mock.close().then(() => process.exit(0));
});
