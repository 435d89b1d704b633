import { Signal } from 'signal-polyfill';

/** A signal that can be read and watched but not written. */
export interface ReadOnlySignal<T> {
  get(): T;
}

/** Wraps a writable state in a computed view so holders cannot write it. */
export function readOnly<T>(state: Signal.State<T>): ReadOnlySignal<T> {
  return new Signal.Computed(() => state.get());
}
