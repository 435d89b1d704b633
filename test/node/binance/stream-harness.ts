import type { TestContext } from 'node:test';
import { WebSocket } from 'ws';
import type { Bar } from '../../../src/core/data/bars.js';
import { createBinanceSource, type BinanceSourceOptions } from '../../../src/core/data/binance-source.js';
import type { BinanceStreamStatus } from '../../../src/core/data/binance-stream.js';
import type { MockBinance } from '../../mock-binance/index.js';

/**
 * A Binance source on `mock` subscribed to `symbol` at 1m, recording its stream statuses and the bars
 * it emits; unsubscribed after the test `t`. `extra` overrides options (the reconnect delays).
 */
export function streamHarness(
  t: TestContext,
  mock: MockBinance,
  symbol: string,
  extra: Partial<BinanceSourceOptions> = {},
) {
  const statuses: BinanceStreamStatus[] = [];
  const emitted: Bar[] = [];
  const source = createBinanceSource({
    restBaseUrl: mock.restUrl,
    wsBaseUrl: mock.wsUrl,
    WebSocket,
    reconnect: { baseDelayMs: 20, maxDelayMs: 200 },
    onStreamStatus: (_symbol, _period, status) => statuses.push(status),
    ...extra,
  });
  const stop = source.subscribe(symbol, '1m', (bar) => emitted.push(bar));
  // A failed assertion must not leave a reconnecting stream behind (the process would never exit).
  t.after(stop);
  const liveCount = (): number => statuses.filter((s) => s.state === 'live').length;
  return { source, statuses, emitted, stop, liveCount };
}
