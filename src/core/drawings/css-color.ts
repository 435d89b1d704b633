/** CSS named colours (CSS Color 4), lower case, plus `transparent` and `currentcolor`. */
const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet ' +
    'deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
    'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow ' +
    'lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine ' +
    'mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
    'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab ' +
    'orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan ' +
    'teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent currentcolor'
  ).split(' '),
);

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const PCT_OR_NUM = String.raw`${NUM}%?`;
/** rgb()/rgba(): legacy comma syntax or modern space syntax with an optional `/ alpha`. */
const RGB = new RegExp(
  String.raw`^rgba?\(\s*(?:` +
    String.raw`${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}(?:\s*,\s*${PCT_OR_NUM})?` +
    String.raw`|${PCT_OR_NUM}\s+${PCT_OR_NUM}\s+${PCT_OR_NUM}(?:\s*\/\s*${PCT_OR_NUM})?` +
    String.raw`)\s*\)$`,
  'i',
);
/** hsl()/hsla() in the same two syntaxes; the hue may carry `deg`. */
const HSL = new RegExp(
  String.raw`^hsla?\(\s*(?:` +
    String.raw`${NUM}(?:deg)?\s*,\s*${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}(?:\s*,\s*${PCT_OR_NUM})?` +
    String.raw`|${NUM}(?:deg)?\s+${PCT_OR_NUM}\s+${PCT_OR_NUM}(?:\s*\/\s*${PCT_OR_NUM})?` +
    String.raw`)\s*\)$`,
  'i',
);

/**
 * True for a CSS hex colour, `rgb()`/`rgba()`, `hsl()`/`hsla()` or a named colour.
 * Checked by pattern, no DOM, so it runs in Node and never evaluates anything it is given.
 */
export function isCssColor(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64) return false;
  const v = value.trim();
  return HEX.test(v) || RGB.test(v) || HSL.test(v) || NAMED_COLORS.has(v.toLowerCase());
}
