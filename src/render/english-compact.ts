const UNITS = ['', 'K', 'M', 'B', 'T'];

/**
 * `v` (finite, |v| < 1e15) as `Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits })`
 * writes it (`2.85M`, `1K` for 999.995, `-0` for -0.001), without Intl: a page's first Intl object costs
 * ~15 ms while ICU's data loads, and an English chart's first paint needs no other (format-number.ts).
 * Rounds the shortest decimal that reads back as `v` half away from zero, as Intl does (1.005 → 1.01).
 */
export function englishCompact(v: number, maximumFractionDigits: number): string {
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  const [mantissa, exponent] = Math.abs(v).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponent) + 1; // digits before the decimal point
  // K from 1e3, M from 1e6, …: by the value's magnitude, one unit up when rounding reaches 1000 of it.
  for (let unit = point > 3 ? Math.min(4, Math.floor((point - 1) / 3)) : 0; ; unit++) {
    const text = roundDecimal(digits, point - 3 * unit, maximumFractionDigits);
    if (unit === 4 || (text.indexOf('.') < 0 ? text.length : text.indexOf('.')) <= 3) return sign + text + UNITS[unit];
  }
}

/** The number `0.digits × 10^point` with at most `decimals` decimals, rounded half up, no trailing zeros. */
function roundDecimal(digits: string, point: number, decimals: number): string {
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  const keep = point + decimals;
  const kept = digits.slice(0, keep).padEnd(keep, '0').split('');
  if (digits.charCodeAt(keep) >= 53 /* '5' */) {
    let i = keep - 1;
    for (; i >= 0 && kept[i] === '9'; i--) kept[i] = '0';
    if (i >= 0) kept[i] = String(Number(kept[i]) + 1);
    else {
      kept.unshift('1');
      point++;
    }
  }
  const whole = kept
    .slice(0, point)
    .join('')
    .replace(/^0+(?=\d)/, '');
  const fraction = kept.slice(point).join('').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
