import { DataSourceError } from './data-source.js';

/** The error sources reject with when a caller's signal aborts. */
export function aborted(): DataSourceError {
  return new DataSourceError('aborted', 'The request was aborted.');
}

/**
 * Settles like `promise`, or rejects with `aborted` as soon as `signal` aborts. The shared work goes
 * on, so other callers waiting on the same promise are not cancelled by one caller leaving.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
