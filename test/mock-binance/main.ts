// `node build/test/mock-binance/main.js [port]`: runs the mock exchange for manual checks of a page
// (point the chart's binance source at the printed URLs). Stops on Ctrl+C.
import { startMockBinance } from './mock-binance-server.js';

const port = Number(process.argv[2] ?? 0);
const mock = await startMockBinance({ port: Number.isFinite(port) ? port : 0, now: Date.now() });
console.log(`mock binance: REST ${mock.restUrl}  websocket ${mock.wsUrl}`);
process.on('SIGINT', () => {
  void mock.close().then(() => process.exit(0));
});
