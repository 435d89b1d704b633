import { Type, type Static } from '@sinclair/typebox';

const lit = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

/** Writable chart settings; every key optional so an update is partial. */
export const SettingsValues = Type.Object(
  {
    theme: Type.Optional(lit(['light', 'dark', 'auto'] as const, 'Colour theme; auto follows the system.')),
    colorConvention: Type.Optional(
      lit(
        ['green-up', 'red-up'] as const,
        'green-up: rising bars green (US/EU); red-up: rising bars red (China, Japan, Korea).',
      ),
    ),
    candleStyle: Type.Optional(
      lit(
        ['solid', 'hollow', 'ohlc', 'line', 'area', 'heikin_ashi'] as const,
        'How bars are drawn: solid candles, hollow rising candles, OHLC bars, a close line, an area, or Heikin-Ashi candles (averaged bars; the legend, the price tag and every tool keep market prices).',
      ),
    ),
    priceScale: Type.Optional(
      lit(
        ['linear', 'log', 'percent'] as const,
        'Price axis: linear, logarithmic, or percent change from the first visible bar.',
      ),
    ),
    grid: Type.Optional(Type.Boolean({ description: 'Show grid lines.' })),
    volume: Type.Optional(Type.Boolean({ description: 'Show the volume pane.' })),
    crosshair: Type.Optional(
      lit(['normal', 'magnet', 'hidden'] as const, 'Crosshair: free, snapped to closes, or hidden.'),
    ),
    timezone: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'IANA timezone to display times in, e.g. Asia/Shanghai; empty string = the market timezone.',
      }),
    ),
    locale: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
        maxLength: 35,
        description:
          'Language of the chart UI, a BCP-47 tag: en, zh-CN, zh-TW, ja, or one a page registered (others fall back, e.g. zh-HK → zh-TW, ja-JP → ja, else en).',
      }),
    ),
    priceAxisSide: Type.Optional(lit(['right', 'left'] as const, 'Side of the price axis.')),
    legend: Type.Optional(Type.Boolean({ description: 'Show the OHLCV legend.' })),
    indicatorConvention: Type.Optional(
      lit(
        ['auto', 'ta-lib', 'tdx', 'tradingview'] as const,
        'Whose formulas indicators follow: ta-lib (TA-Lib), tdx (通达信: MACD bar = (DIF−DEA)×2, RSI 6/12/24, KDJ…), tradingview (Pine built-ins); auto = tdx for Chinese locales, ta-lib otherwise. A study that names its own convention keeps it.',
      ),
    ),
    lastPrice: Type.Optional(Type.Boolean({ description: 'Show a dotted line and an axis tag at the last close.' })),
    watermark: Type.Optional(
      lit(
        ['symbol', 'off', 'custom'] as const,
        'Faint text behind the bars: symbol and period, none, or watermarkText.',
      ),
    ),
    watermarkText: Type.Optional(
      Type.String({ maxLength: 40, description: 'Watermark text shown when watermark is custom.' }),
    ),
    legendMode: Type.Optional(
      lit(
        ['legend', 'tooltip', 'both'] as const,
        'Bar values: in the legend row, in a tooltip by the pointer, or both.',
      ),
    ),
  },
  { additionalProperties: false },
);

export type SettingsPatch = Static<typeof SettingsValues>;

export const SETTINGS_KEYS = Object.keys(SettingsValues.properties) as (keyof SettingsPatch)[];
