/** A chart that takes part in crosshair sync (`<kline-chart sync="…">`). */
export interface CrosshairSyncMember {
  /** The chart's group: its `sync` attribute (empty: in no group). */
  readonly sync: string;
  /** Shows the crosshair at the bar of `time` (UTC ms), or hides it (`null`): another chart's crosshair moved. */
  showSyncedTime(time: number | null): void;
}

const members = new Set<CrosshairSyncMember>();
/** Set while a crosshair is being relayed: the crosshairs it moves do not relay again. */
let relaying = false;

/** Adds a connected chart to the page's sync members; returns its removal. */
export function joinCrosshairSync(member: CrosshairSyncMember): () => void {
  members.add(member);
  return () => void members.delete(member);
}

/**
 * TradingView's "sync crosshair" across a layout's charts: the crosshair of `from` moved to the bar
 * of `time` (null: it left the plot), so every other chart of its group shows its own bar of that time.
 */
export function publishCrosshair(from: CrosshairSyncMember, time: number | null): void {
  if (relaying || !from.sync) return;
  relaying = true;
  try {
    for (const m of members) if (m !== from && m.sync === from.sync) m.showSyncedTime(time);
  } finally {
    relaying = false;
  }
}
