import { DataSourceError, type Bar, type Bars, type Period } from '../../src/core/data/index.js';
import type { HostBarsQuery } from '../../src/core/commands/index.js';
import { DEFAULT_DATA_REQUEST_TIMEOUT, type DataRequestDetail } from './chart-data-controller.js';
import { readHostBars, type HostBarsProblem } from './read-host-bars.js';

/** What {@link settleHostAnswer} reports through (the data controller's own reporting). */
export interface HostAnswerReport {
  /** `data-request-timeout` as set (an invalid value means the default). */
  readonly timeoutMs: unknown;
  invalid(problem: HostBarsProblem): void;
  fail(code: string, message: string): void;
  emit(type: string, detail: unknown): void;
}

const TIMED_OUT = new Error('data request timed out');

/**
 * Asks the page for `query`'s bars: a `kline-data-request` event from `host` (bubbling, composed, cancelable).
 * Resolves to null when no listener answered (`respondWith`), else to the answer {@link settleHostAnswer} settled.
 */
export function requestHostBars(
  host: HTMLElement,
  query: HostBarsQuery,
  report: HostAnswerReport,
): Promise<Bars | null> {
  let answer: Promise<Bars | readonly Bar[]> | null = null;
  const detail: DataRequestDetail = {
    symbol: query.symbol,
    period: query.period,
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
    respondWith: (bars) => {
      if (answer) throw new Error('kline-data-request: respondWith was already called.');
      answer = Promise.resolve(bars);
    },
  };
  host.dispatchEvent(
    new CustomEvent('kline-data-request', { detail, bubbles: true, composed: true, cancelable: true }),
  );
  const pending = answer as Promise<Bars | readonly Bar[]> | null;
  return pending ? settleHostAnswer(pending, query, report) : Promise.resolve(null);
}

/**
 * The bars a host answered to `kline-data-request`, validated like `setBars`; every failure is
 * reported once (`reported: true` on the rejection). An answer that does not come within the timeout
 * ends the load (`kline-error` `data_request_timeout`, a toast; the chart keeps what it shows), and
 * the late answer is dropped. A load cancelled meanwhile (another period chosen) stops the clock.
 */
export function settleHostAnswer(
  pending: Promise<Bars | readonly Bar[]>,
  query: { readonly symbol: string; readonly period: Period; readonly signal?: AbortSignal },
  report: HostAnswerReport,
): Promise<Bars> {
  const requested = Number(report.timeoutMs);
  const ms =
    Number.isFinite(requested) && requested > 0 ? Math.min(requested, 2_147_483_647) : DEFAULT_DATA_REQUEST_TIMEOUT;
  let timer = 0;
  const stop = () => clearTimeout(timer);
  const timedOut = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(TIMED_OUT), ms);
  });
  query.signal?.addEventListener('abort', stop, { once: true });
  const answer = Promise.race([pending, timedOut]).finally(() => {
    stop();
    query.signal?.removeEventListener('abort', stop);
  });
  const reported = (error: DataSourceError) => Object.assign(error, { reported: true });
  return answer.then(
    (rows) => {
      const read = readHostBars(rows, 'The kline-data-request answer');
      if ('bars' in read) return read.bars;
      report.invalid(read.problem);
      throw reported(
        new DataSourceError(
          'parse',
          `The bars answered for ${query.symbol} ${query.period} were refused: ${read.problem.message}`,
        ),
      );
    },
    (error: unknown) => {
      if (error === TIMED_OUT) {
        const message = `The host did not answer the kline-data-request for ${query.period} bars of ${query.symbol} within ${ms} ms; the chart keeps what it shows (a later answer is ignored).`;
        report.fail('data_request_timeout', message);
        throw reported(new DataSourceError('network', message));
      }
      const message = `The host could not provide ${query.period} bars for ${query.symbol}: ${(error as Error)?.message ?? String(error)}`;
      report.emit('kline-error', { code: 'data_request_failed', message });
      throw reported(new DataSourceError('network', message));
    },
  );
}
