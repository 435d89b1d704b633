/**
 * The localization catalogue (components/i18n/, docs/contracts.md "Locales"): every built-in
 * locale has every English key (and a name for every built-in tool, tool parameter, indicator and
 * indicator parameter), BCP-47 fallback, `registerLocale` with English fallback and one warning
 * per missing key, and the locale number formats.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { Catalogue, LocaleStrings } from '../../../components/i18n/catalogue.js';
import {
  availableLocales,
  isLocaleLoaded,
  loadLocale,
  localeFor,
  registerLocale,
  sectionStrings,
} from '../../../components/i18n/locale-registry.js';
import { resolveLocale } from '../../../components/i18n/resolve-locale.js';
import { EN_TOOL_ERRORS } from '../../../components/i18n/tool-error-strings.js';
import { EN_CHART, chartStrings } from '../../../components/kline-chart/chart-strings.js';
import { EN_CHART_MORE, allChartStrings } from '../../../components/kline-chart/chart-more-strings.js';
import { EN_DRAWING } from '../../../components/drawing-toolbar/drawing-toolbar-strings.js';
import { EN_PICKER } from '../../../components/indicator-picker/picker-strings.js';
import { EN_PALETTE } from '../../../components/command-palette/palette-strings.js';
import { EN_SETTINGS } from '../../../components/settings-dialog/settings-dialog-strings.js';
import { EN_INDICATOR_SETTINGS } from '../../../components/indicator-settings/indicator-settings-strings.js';
import { EN_FORM } from '../../../components/schema-form/schema-form-strings.js';
import { EN_PANEL } from '../../../components/chart-agent-panel/panel-strings.js';
import zhCN from '../../../components/i18n/locales/zh-CN.js';
import zhTW from '../../../components/i18n/locales/zh-TW.js';
import ja from '../../../components/i18n/locales/ja.js';
import { formatCompact, formatStudyValue } from '../../../src/render/format-number.js';
import { execFileSync } from 'node:child_process';
import { computeTimeTicks } from '../../../src/render/time-ticks.js';
import { ZonedClock } from '../../../src/render/zoned-clock.js';
import { fileURLToPath } from 'node:url';

const ENGLISH: Pick<Catalogue, Exclude<keyof Catalogue, 'tools' | 'toolParams' | 'indicators' | 'indicatorParams'>> = {
  chart: { ...EN_CHART, ...EN_CHART_MORE },
  drawing: EN_DRAWING,
  picker: EN_PICKER,
  palette: EN_PALETTE,
  settings: EN_SETTINGS,
  indicatorSettings: EN_INDICATOR_SETTINGS,
  form: EN_FORM,
  panel: EN_PANEL,
  toolErrors: EN_TOOL_ERRORS,
};
const BUILT_IN: Record<string, LocaleStrings> = { 'zh-CN': zhCN, 'zh-TW': zhTW, ja };

/** Dotted paths of `english` that `translated` lacks or gives another kind of value (string, function, list). */
function missingKeys(english: unknown, translated: unknown, path: string): string[] {
  if (typeof english === 'object' && english !== null && !Array.isArray(english)) {
    const t = (typeof translated === 'object' && translated !== null ? translated : {}) as Record<string, unknown>;
    return Object.entries(english).flatMap(([k, v]) => missingKeys(v, t[k], `${path}.${k}`));
  }
  const kind = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v);
  return kind(english) === kind(translated) ? [] : [path];
}

function countStrings(value: unknown): number {
  if (typeof value === 'string' || typeof value === 'function') return 1;
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((n, v) => n + countStrings(v), 0);
  return 0;
}

const core = new ChartCore({ chartId: 'i18n' });
await core.tools.ready(); // every built-in tool listed (their module loads on first use)
const tools = core.tools.list();
const toolParams = [...new Set(tools.flatMap((t) => Object.keys(t.parameters.properties)))];
const indicators = core.indicatorRegistry.list();
const indicatorParams = [...new Set(indicators.flatMap((d) => Object.keys(d.params.properties)))];

for (const [tag, strings] of Object.entries(BUILT_IN)) {
  test(`${tag} has every English key, every tool, tool parameter, indicator and indicator parameter`, () => {
    const missing = Object.entries(ENGLISH).flatMap(([section, english]) =>
      missingKeys(english, strings[section as keyof LocaleStrings], section),
    );
    assert.deepEqual(missing, [], `${tag} lacks ${missing.join(', ')}`);
    const t = strings.tools ?? {};
    assert.deepEqual(
      tools.filter((tool) => !t[tool.name]?.label || !t[tool.name]?.summary).map((tool) => tool.name),
      [],
      'tools without a label and a summary',
    );
    assert.deepEqual(
      toolParams.filter((k) => !strings.toolParams?.[k]),
      [],
      'tool parameters without a name',
    );
    assert.deepEqual(
      indicators.filter((d) => !strings.indicators?.[d.id]).map((d) => d.id),
      [],
      'indicators without a name',
    );
    assert.deepEqual(
      indicatorParams.filter((k) => !strings.indicatorParams?.[k]),
      [],
      'indicator parameters without a name',
    );
    // The size reported in docs/contracts.md ("Locales").
    const size = countStrings(strings);
    assert.ok(size > 500, `${tag}: ${size} strings`);
  });
}

test('a translation is not English: no value of zh-CN, zh-TW or ja equals its English one, but for codes and names', () => {
  const same: string[] = [];
  const allowed = /^(TA-Lib|TradingView|MACD|TRIX|ID)$/;
  const walk = (en: unknown, t: unknown, path: string) => {
    if (typeof en === 'string' && en === t && /[a-z]{3}/i.test(en) && !allowed.test(en)) same.push(path);
    else if (typeof en === 'object' && en && typeof t === 'object' && t)
      for (const [k, v] of Object.entries(en)) walk(v, (t as Record<string, unknown>)[k], `${path}.${k}`);
  };
  for (const [tag, strings] of Object.entries(BUILT_IN)) walk(ENGLISH, strings, tag);
  assert.deepEqual(same, []);
});

test('BCP-47 fallback: zh-HK → zh-TW, zh → zh-CN, ja-JP → ja, fr-CA → a registered fr, else en', () => {
  const tags = ['en', 'zh-CN', 'zh-TW', 'ja', 'fr-FR'];
  assert.equal(resolveLocale('zh-HK', tags), 'zh-TW');
  assert.equal(resolveLocale('zh-Hant', tags), 'zh-TW');
  assert.equal(resolveLocale('zh-MO', tags), 'zh-TW');
  assert.equal(resolveLocale('zh', tags), 'zh-CN');
  assert.equal(resolveLocale('zh-SG', tags), 'zh-CN');
  assert.equal(resolveLocale('zh-Hans-CN', tags), 'zh-CN');
  assert.equal(resolveLocale('zh-tw', tags), 'zh-TW');
  assert.equal(resolveLocale('ja-JP', tags), 'ja');
  assert.equal(resolveLocale('fr-CA', tags), 'fr-FR');
  assert.equal(resolveLocale('de-DE', tags), 'en');
  assert.equal(resolveLocale('not a tag!', tags), 'en');
  assert.equal(resolveLocale('', tags), 'en');
});

test('built-in translations load on demand and then serve their strings', async () => {
  assert.ok(availableLocales().includes('ja'));
  assert.equal(localeFor('ja-JP'), 'ja');
  assert.equal(await loadLocale('ja-JP'), 'ja');
  assert.ok(isLocaleLoaded('ja'));
  assert.equal(allChartStrings('ja-JP').volumeFull, '出来高');
  assert.equal(allChartStrings('en-GB').volumeFull, 'Volume');
});

test('registerLocale: a new tag, English for what it lacks with one warning per key, overrides merge', async () => {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    registerLocale('fr', {
      chart: { undo: 'Annuler', redo: 'Rétablir' },
      tools: { history_undo: { label: 'Annuler', summary: 'Annule.' } },
    });
    assert.ok(availableLocales().includes('fr'));
    const fr = chartStrings('fr-CA');
    assert.equal(fr.undo, 'Annuler');
    assert.equal(fr.settings, 'Settings', 'a missing key falls back to English');
    chartStrings('fr');
    sectionStrings('fr', 'chart', ENGLISH.chart);
    const aboutSettings = warnings.filter((w) => w.includes('chart.settings'));
    assert.equal(aboutSettings.length, 1, 'warned once');
    assert.ok(!warnings.some((w) => w.includes('tools.')), 'open sections (tools) never warn');
    // Later registrations win; earlier keys stay.
    registerLocale('fr', { chart: { undo: 'Défaire' } });
    assert.equal(chartStrings('fr').undo, 'Défaire');
    assert.equal(chartStrings('fr').redo, 'Rétablir');
    // A page may override a word of a built-in locale.
    await loadLocale('zh-CN');
    registerLocale('zh-CN', { chart: { dataTable: '数据表格' } });
    assert.equal(chartStrings('zh').dataTable, '数据表格');
    assert.equal(allChartStrings('zh').volumeFull, '成交量');
    assert.throws(() => registerLocale('not a tag!', {}), /BCP-47/);
  } finally {
    console.warn = warn;
  }
});

test('number formats: 万/亿 in Chinese and Japanese, compact in English; studies keep the price decimals', () => {
  assert.equal(formatCompact(7_850_000, 'zh-CN'), '785万');
  assert.equal(formatCompact(120_000_000, 'zh-CN'), '1.2亿');
  assert.equal(formatCompact(120_000_000, 'zh-TW'), '1.2億');
  assert.equal(formatCompact(7_850_000, 'ja'), '785万');
  assert.equal(formatCompact(7_850_000, 'en'), '7.85M');
  assert.equal(
    formatStudyValue(123.456789, 'price', 'zh-CN', 2),
    '123.46',
    'a moving average with the price precision',
  );
  assert.equal(formatStudyValue(1.23456, 'price', 'en', 4), '1.2346');
  assert.equal(formatStudyValue(7_850_000, 'volume', 'zh-CN'), '785万');
});

test('docs/locale-keys.md lists the catalogue as it is (node scripts/locale-keys.js)', () => {
  const script = fileURLToPath(new URL('../../../../scripts/locale-keys.js', import.meta.url));
  execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' });
});

test('time-axis month labels follow the locale through Intl (Jul / 7月 / 7月), English unchanged', () => {
  // 200 daily bars from 2026-03-01 UTC: the axis labels months.
  const day = 86_400_000;
  const time = Float64Array.from({ length: 200 }, (_, i) => Date.UTC(2026, 2, 1) + i * day);
  const labels = (locale: string) =>
    computeTimeTicks(time, time.length, 0, 199, 600, new ZonedClock('UTC'), 110, locale).map((t) => t.label);
  assert.ok(labels('en').includes('Jul'), labels('en').join(' '));
  assert.ok(labels('zh-CN').includes('7月'), labels('zh-CN').join(' '));
  assert.ok(labels('ja').includes('7月'), labels('ja').join(' '));
  assert.ok(!labels('zh-CN').some((l) => /[A-Za-z]/.test(l)), 'no English month in zh-CN');
});
