/** True range of a bar given the previous close (TA-Lib `TRANGE`). */
export function trueRange(high: number, low: number, prevClose: number): number {
  let tr = high - low;
  const a = Math.abs(prevClose - high);
  if (a > tr) tr = a;
  const b = Math.abs(prevClose - low);
  if (b > tr) tr = b;
  return tr;
}
