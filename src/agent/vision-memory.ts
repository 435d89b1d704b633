/** Remembers, per model, that it refused an image (so `vision="auto"` stops offering `chart_capture`). */
export interface VisionMemory {
  /** False when the model is known not to take images; undefined when unknown. */
  get(model: string): boolean | undefined;
  set(model: string, vision: boolean): void;
}

const PREFIX = 'kline-agent-vision:';

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * {@link VisionMemory} in `localStorage` when there is one (guarded: private modes throw), else in
 * memory for the page's life.
 */
export function createVisionMemory(): VisionMemory {
  const fallback = new Map<string, boolean>();
  const storage = (): StorageLike | null => {
    try {
      return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
    } catch {
      return null;
    }
  };
  return {
    get(model) {
      try {
        const value = storage()?.getItem(PREFIX + model);
        if (value === 'no') return false;
        if (value === 'yes') return true;
      } catch {
        // unreadable storage: fall back to memory
      }
      return fallback.get(model);
    },
    set(model, vision) {
      fallback.set(model, vision);
      try {
        storage()?.setItem(PREFIX + model, vision ? 'yes' : 'no');
      } catch {
        // quota or privacy mode: remembered for this page only
      }
    },
  };
}
