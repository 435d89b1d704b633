import { createHash } from 'node:crypto';

// What integrations/hugo/layouts/shortcodes/kline-chart.html renders, written out in TypeScript (there
// is no hugo binary in the tests): the browser test serves a page of it under a strict policy
// (/test/pages/cms/hugo.html). test/node/integrations/hugo-shortcode.test.ts checks it against the
// template: the template's literal markup in the same order, its height patterns, its panel switch.

/** The template's `findRE` patterns, in its order: a bare number of px, then an accepted length. */
export const HUGO_HEIGHT_PATTERNS = ['^\\d{1,4}$', '^\\d{1,4}(\\.\\d+)?(px|em|rem|vh)$'] as const;

/** The `panel` values that add a panel (`in (slice …) (.Get "panel")`). */
export const HUGO_PANEL_ON = ['yes', 'true', '1', 'on'] as const;

/** Go html/template's escaping of a value in a quoted attribute. */
function attr(value: string): string {
  const map: Record<string, string> = {
    '&': '&amp;',
    "'": '&#39;',
    '"': '&#34;',
    '<': '&lt;',
    '>': '&gt;',
    '+': '&#43;',
    '=': '&#61;',
    '`': '&#96;',
  };
  return value.replace(/[&'"<>+=`]/g, (c) => map[c]);
}

export interface HugoPage {
  /** `.Page.RelPermalink`, e.g. `/posts/hello/`. */
  relPermalink: string;
  /** The site's base path, as `relURL` prefixes it (`/` for a site at the root). */
  basePath?: string;
}

/**
 * The shortcodes of one page, in order (`.Ordinal` 0, 1, …; the module and stylesheet once per page),
 * each a map of its named parameters.
 */
export function renderHugoShortcodes(page: HugoPage, shortcodes: Record<string, string>[]): string {
  let loaded = false;
  const base = page.basePath ?? '/';
  return shortcodes
    .map((params, ordinal) => {
      const get = (name: string) => params[name] ?? '';
      const id = `kline-${createHash('md5').update(page.relPermalink).digest('hex').slice(0, 8)}-${ordinal}`;
      let height = get('height') || '480';
      if (new RegExp(HUGO_HEIGHT_PATTERNS[0]).test(height)) height = `${height}px`;
      if (!new RegExp(HUGO_HEIGHT_PATTERNS[1]).test(height)) height = '480px';
      let out = '';
      if (!loaded) {
        loaded = true;
        out +=
          `\n<link rel="stylesheet" href="${base}kline-chart/kline-chart-placeholder.css">` +
          `\n<script type="module" src="${base}kline-chart/kline-chart.js"></script>`;
      }
      const opt = (name: string, as = name) => (get(name) ? ` ${as}="${attr(get(name))}"` : '');
      out +=
        `\n<div class="kline-chart-agent">\n  <kline-chart id="${id}"` +
        opt('symbol') +
        opt('period') +
        opt('indicators') +
        opt('theme') +
        opt('locale') +
        ` height="${attr(height)}"></kline-chart>`;
      if ((HUGO_PANEL_ON as readonly string[]).includes(get('panel')))
        out +=
          `\n  <chart-agent-panel for="${id}"` +
          opt('theme') +
          opt('locale') +
          opt('base-url') +
          ` height="${attr(height)}"></chart-agent-panel>`;
      return `${out}\n</div>`;
    })
    .join('\n');
}
