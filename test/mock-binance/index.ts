export { startMockBinance, type MockBinance, type MockBinanceOptions } from './mock-binance-server.js';
export { loadFixture, fixturePath, loadErrorReplies, type MockErrorName, type MockErrorReply } from './load-fixture.js';
export {
  generateMockBars,
  klineRow,
  klineStreamMessage,
  alignOpenTime,
  nextOpenTime,
  MOCK_INTERVAL_MS,
} from './mock-kline-series.js';
