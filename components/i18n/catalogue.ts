import type { ToolErrorCode } from '../../src/protocol/index.js';
import type { PanelStrings } from '../chart-agent-panel/panel-strings.js';
import type { PaletteStrings } from '../command-palette/palette-strings.js';
import type { DrawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';
import type { PickerStrings } from '../indicator-picker/picker-strings.js';
import type { IndicatorSettingsStrings } from '../indicator-settings/indicator-settings-strings.js';
import type { ChartMoreStrings } from '../kline-chart/chart-more-strings.js';
import type { ChartStrings } from '../kline-chart/chart-strings.js';
import type { SchemaFormStrings } from '../schema-form/schema-form-strings.js';
import type { SettingsDialogStrings } from '../settings-dialog/settings-dialog-strings.js';
import type { SectionName } from './locale-store.js';

/** A tool as people see it in the palette and on tool cards (the model keeps the English description). */
export interface ToolLabel {
  /** Short name, e.g. 添加指标. */
  readonly label: string;
  /** One or two sentences for people (the palette's description). */
  readonly summary: string;
}

/**
 * Every word the elements show, by section. English (each component's `*-strings.ts`) is the
 * source of the keys and the fallback; a locale gives any part of it (docs/contracts.md, "Locales",
 * lists the keys; `npm run i18n:keys` regenerates that list). Values are strings, string arrays, or
 * functions of a count or a label where the wording depends on it.
 */
export interface Catalogue {
  /** `<kline-chart>`: toolbar, legend, tooltip, data table, notices (English in two parts: eager and lazy). */
  readonly chart: ChartStrings & ChartMoreStrings;
  /** Drawing toolbar and style editor. */
  readonly drawing: DrawingStrings;
  /** Indicator picker. */
  readonly picker: PickerStrings;
  /** Command palette. */
  readonly palette: PaletteStrings;
  /** Settings dialog: titles, help texts and option values. */
  readonly settings: SettingsDialogStrings;
  /** An indicator's settings popover. */
  readonly indicatorSettings: IndicatorSettingsStrings;
  /** Generated forms (palette, settings): "optional", validation messages. */
  readonly form: SchemaFormStrings;
  /** `<chart-agent-panel>`. */
  readonly panel: PanelStrings;
  /** What a failed tool call means, by error code (the English message stays for the model). */
  readonly toolErrors: Readonly<Record<ToolErrorCode, string>>;
  /** Tools by name (open: English comes from the tool's own `label` and description). */
  readonly tools: Readonly<Record<string, ToolLabel>>;
  /** Tool parameter names by key, as form labels (open: English shows the key). */
  readonly toolParams: Readonly<Record<string, string>>;
  /** Indicator names by id (open: English comes from the definition's `name`). */
  readonly indicators: Readonly<Record<string, string>>;
  /** Indicator parameter names by key (open: English comes from the parameter's description). */
  readonly indicatorParams: Readonly<Record<string, string>>;
}

/** Sections whose keys are not fixed. */
export type { OpenSection } from './locale-store.js';

/** Fails to compile when the section names of components/i18n/locale-store.ts and the catalogue differ. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type IsTrue<T extends true> = T;
type _SectionsMatch = IsTrue<SameKeys<keyof Catalogue, SectionName>>;

type DeepPartial<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly unknown[]
    ? T
    : T extends object
      ? { readonly [K in keyof T]?: DeepPartial<T[K]> }
      : T;

/** What `registerLocale(tag, strings)` takes: any part of the catalogue. */
export type LocaleStrings = { readonly [K in keyof Catalogue]?: DeepPartial<Catalogue[K]> };
