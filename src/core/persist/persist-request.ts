import type { LayoutDocument } from './layout-document.js';

/** `detail` of the `kline-persist` event. */
export interface PersistEventDetail {
  /** The layout document about to be saved (plain JSON). */
  readonly document: LayoutDocument;
  /**
   * Holds the change until `promise` settles; a rejection rolls the change back and raises
   * `kline-error`. Call it synchronously while the event is dispatched.
   */
  waitUntil(promise: PromiseLike<unknown>): void;
}

/** A `kline-persist` detail plus the promises its listeners handed to `waitUntil`. */
export interface PersistRequest {
  readonly detail: PersistEventDetail;
  /** Stops accepting `waitUntil` (call right after dispatching) and returns what was collected. */
  seal(): readonly PromiseLike<unknown>[];
}

/**
 * Builds the detail of a `kline-persist` event, in the manner of `ExtendableEvent.waitUntil`:
 * only calls made during dispatch count; a later call throws, so a host learns its mistake.
 *
 * @example
 * beforeSave: (doc) => {
 *   const request = createPersistRequest(doc);
 *   element.dispatchEvent(new CustomEvent('kline-persist', { detail: request.detail, bubbles: true, composed: true }));
 *   return request.seal();
 * }
 */
export function createPersistRequest(document: LayoutDocument): PersistRequest {
  const promises: PromiseLike<unknown>[] = [];
  let open = true;
  return {
    detail: Object.freeze({
      document,
      waitUntil(promise: PromiseLike<unknown>): void {
        if (!open) throw new Error('kline-persist: waitUntil must be called while the event is being dispatched');
        if (typeof (promise as { then?: unknown } | null | undefined)?.then !== 'function')
          throw new TypeError('kline-persist: waitUntil expects a promise');
        promises.push(promise);
      },
    }),
    seal(): readonly PromiseLike<unknown>[] {
      open = false;
      return promises;
    },
  };
}
