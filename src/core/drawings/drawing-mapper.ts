/**
 * Converts between data space (UTC ms, price) and pixel space of one pane's plot rect.
 * Pixels are CSS pixels with (0, 0) at the plot rect's top-left; `width`/`height` are its size.
 * The renderer builds it from its scales (a gap-free time axis maps times between bars itself).
 */
export interface DrawingMapper {
  timeToX(time: number): number;
  priceToY(price: number): number;
  xToTime(x: number): number;
  yToPrice(y: number): number;
  /**
   * Fractional index of `time` among the loaded bars (exact on a bar, interpolated between bars,
   * extrapolated outside them), for counting bars; absent where no bars are known.
   */
  timeToIndex?(time: number): number;
  readonly width: number;
  readonly height: number;
}
