import { expect } from '@open-wc/testing';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';

/*
 * A saved layout (persist-key, localStorage) and the page's `locale` attribute: the attribute wins
 * when present; a locale the user chose in settings is restored only on a page that sets none
 * (docs/contracts.md "Locales").
 */

const KEY = `locale-layout-${Date.now()}`;

/** A chart on KEY with `locale` set to `locale` (none when null), painted with its saved layout. */
async function mount(locale: string | null): Promise<KlineChart> {
  const chart = document.createElement('kline-chart');
  chart.style.cssText = 'display:block;width:700px;height:400px';
  chart.setAttribute('persist-key', KEY);
  if (locale !== null) chart.setAttribute('locale', locale);
  document.body.append(chart);
  await chart.updateComplete; // the first update starts the restore, which whenPainted then waits for
  await chart.whenPainted();
  return chart;
}

/** The words the user sees: the toolbar's accessible name. */
function toolbarName(chart: KlineChart): string | null {
  return chart.shadowRoot!.querySelector('[part="toolbar"]')!.getAttribute('aria-label');
}

function savedLocale(): string | undefined {
  const raw = localStorage.getItem(KEY);
  return raw ? (JSON.parse(raw) as { settings?: { locale?: string } }).settings?.locale : undefined;
}

/** The user picks `locale` in the settings (as the dialog does) and the autosave writes it. */
async function chooseLocale(chart: KlineChart, locale: string): Promise<void> {
  const r = await chart.tools.execute('settings_update', { values: { locale } });
  expect(r.success, JSON.stringify(r)).to.equal(true);
  await waitFor(() => savedLocale() === locale, `the autosave of locale ${locale}`, 5000);
}

describe('a locale attribute and a saved layout', () => {
  afterEach(() => {
    for (const el of document.querySelectorAll('kline-chart')) el.remove();
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  });

  it('a page without a locale attribute restores the locale the user chose', async () => {
    const first = await mount(null);
    await chooseLocale(first, 'ja');
    first.remove();
    const chart = await mount(null);
    await waitFor(() => coreOf(chart).store.peek('settings').locale === 'ja', 'the saved locale');
    await chart.updateComplete;
    expect(toolbarName(chart)).to.equal('チャートのツールバー');
  });

  it("the page's locale attribute wins over the saved layout's, which still restores the rest", async () => {
    const first = await mount(null);
    await chooseLocale(first, 'ja');
    const saved = await first.tools.execute('settings_update', { values: { grid: false } });
    expect(saved.success).to.equal(true);
    await waitFor(() => localStorage.getItem(KEY)?.includes('"grid":false') === true, 'the autosave of grid');
    first.remove();
    const chart = await mount('zh-CN');
    // The rest of the layout is restored (the restore ran) ...
    await waitFor(() => coreOf(chart).store.peek('settings').grid === false, 'the saved grid setting');
    await chart.whenPainted();
    // ... but the chart speaks the page's language.
    expect(coreOf(chart).store.peek('settings').locale).to.equal('zh-CN');
    expect(toolbarName(chart)).to.equal('图表工具栏');
  });

  it('a site that switches language on the same persist-key gets the new language', async () => {
    const first = await mount('en');
    await first.tools.execute('settings_update', { values: { grid: false } });
    await waitFor(() => localStorage.getItem(KEY)?.includes('"grid":false') === true, 'the autosave');
    first.remove();
    const chart = await mount('ja');
    await waitFor(() => coreOf(chart).store.peek('settings').grid === false, 'the saved grid setting');
    await chart.whenPainted();
    expect(coreOf(chart).store.peek('settings').locale).to.equal('ja');
    expect(toolbarName(chart)).to.equal('チャートのツールバー');
    // The user can still pick another language for the page's visit.
    await chart.tools.execute('settings_update', { values: { locale: 'zh-TW' } });
    await chart.updateComplete;
    await waitFor(() => toolbarName(chart) === '圖表工具列', 'the chosen language');
  });

  it("a page with a locale attribute keeps the user's pick in the layout for pages that set none", async () => {
    const first = await mount(null);
    await chooseLocale(first, 'ja');
    first.remove();
    const page = await mount('zh-CN');
    await page.tools.execute('settings_update', { values: { grid: false } });
    await waitFor(() => localStorage.getItem(KEY)?.includes('"grid":false') === true, 'the autosave of grid');
    expect(coreOf(page).store.peek('settings').locale).to.equal('zh-CN');
    expect(savedLocale()).to.equal('ja');
    page.remove();
    const chart = await mount(null);
    await waitFor(() => coreOf(chart).store.peek('settings').locale === 'ja', "the user's saved locale");
    await chart.updateComplete;
    expect(toolbarName(chart)).to.equal('チャートのツールバー');
  });

  it("a page's locale attribute is not saved as a pick when nothing was saved yet", async () => {
    const page = await mount('ja');
    await page.tools.execute('settings_update', { values: { grid: false } });
    await waitFor(() => localStorage.getItem(KEY)?.includes('"grid":false') === true, 'the autosave of grid');
    expect(savedLocale()).to.not.equal('ja');
    page.remove();
    const chart = await mount(null);
    await waitFor(() => coreOf(chart).store.peek('settings').grid === false, 'the saved grid setting');
    await chart.updateComplete;
    expect(toolbarName(chart)).to.not.equal('チャートのツールバー');
  });

  it('a locale the user picks on a page with a locale attribute is saved and restored elsewhere', async () => {
    const page = await mount('zh-CN');
    await chooseLocale(page, 'ja');
    await page.tools.execute('settings_update', { values: { grid: false } });
    await waitFor(() => localStorage.getItem(KEY)?.includes('"grid":false') === true, 'the autosave of grid');
    expect(savedLocale()).to.equal('ja');
    page.remove();
    const chart = await mount(null);
    await waitFor(() => coreOf(chart).store.peek('settings').locale === 'ja', "the user's saved locale");
  });

  it("another tab's save on the same key brings its changes but not its locale to a page that sets one", async () => {
    const chart = await mount('zh-CN');
    await chart.tools.execute('settings_update', { values: { grid: false } });
    await waitFor(() => localStorage.getItem(KEY)?.includes('"grid":false') === true, 'the autosave');
    const first = localStorage.getItem(KEY)!;
    const doc = JSON.parse(first) as { revision?: number; settings: Record<string, unknown> };
    // "Another tab" (its user picked Japanese) turns the grid back on and saves a newer revision.
    const theirs = JSON.stringify({
      ...doc,
      revision: (doc.revision ?? 0) + 1,
      settings: { ...doc.settings, grid: true, locale: 'ja' },
    });
    localStorage.setItem(KEY, theirs);
    window.dispatchEvent(
      new StorageEvent('storage', { key: KEY, oldValue: first, newValue: theirs, storageArea: localStorage }),
    );
    await waitFor(() => coreOf(chart).store.peek('settings').grid === true, "the other tab's grid setting");
    await chart.updateComplete;
    expect(coreOf(chart).store.peek('settings').locale).to.equal('zh-CN');
    expect(toolbarName(chart)).to.equal('图表工具栏');
  });
});
