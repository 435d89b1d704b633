export type { Catalogue, LocaleStrings, ToolLabel } from './catalogue.js';
export {
  availableLocales,
  isLocaleLoaded,
  loadLocale,
  localeFor,
  onLocalesChange,
  registerLocale,
  sectionStrings,
} from './locale-registry.js';
export { LocaleController } from './locale-controller.js';
export { localeDirection } from './locale-direction.js';
export { resolveLocale } from './resolve-locale.js';
export { EN_TOOL_ERRORS, toolErrorForPeople, toolErrorText } from './tool-error-strings.js';
