/**
 * Public face of the indicator library: definitions (DOM-free, runnable in Node), the registry,
 * the short-notation parser and label formatter, params resolution and the numeric kernels.
 */
export type {
  IndicatorCategory,
  IndicatorColumns,
  IndicatorDefinition,
  IndicatorOutput,
  IndicatorOutputStyle,
  IndicatorState,
  IndicatorUpdater,
  IndicatorValues,
} from './indicator-definition.js';
export { IndicatorRegistry, type IndicatorIndexEntry, type LoadedStudy } from './indicator-registry.js';
export { createDefaultIndicatorRegistry } from './default-indicator-registry.js';
export { createLazyIndicatorRegistry, BUILTIN_INDICATOR_IDS } from './lazy-indicator-registry.js';
// `BUILTIN_INDICATOR_INDEX` (names, categories: ./builtin-indicator-index.js) is imported with import()
// only, so the bundle keeps it out of the eager part (issue #12).
export { loadStudies, studiesForSettings, studiesOfList, type StudyChart, type StudyNeed } from './load-studies.js';
export { loadStudiesNamedIn } from './load-studies-named-in.js';
// `loadStudiesForTool` (./load-studies-for-tool.js) comes with the tools' chunk (commands/indicator-tools.ts).
export { BUILTIN_INDICATORS } from './builtin-indicators.js';
export { CONVENTIONAL_VARIANTS } from './definitions/conventional-variants.js';
export {
  INDICATOR_CONVENTIONS,
  chartConvention,
  isIndicatorConvention,
  type IndicatorConvention,
  type IndicatorConventionSetting,
} from './indicator-convention.js';
export {
  indicatorListIds,
  indicatorListStudies,
  parseIndicatorList,
  type ParsedIndicator,
  type ParsedIndicatorList,
  type IndicatorListError,
} from './parse-indicator-list.js';
export {
  resolveParams,
  adaptParams,
  paramSchemas,
  loadParamErrors,
  paramErrorsLoaded,
  type ParamError,
  type ResolveParamsResult,
} from './resolve-params.js';
export { ValueErrorKind } from './value-error-kind.js';
export { formatIndicatorLabel } from './format-indicator-label.js';
export { defineIndicator, type IndicatorSpec, type InputKey } from './define-indicator.js';
export { makeStepper, saveAll, restoreAll, type Checkpointable, type Stepper } from './stepper.js';
export { ScalarState } from './scalar-state.js';
export { periodParam, periodsParam } from './param-schemas.js';
export { numberParam } from './number-param.js';
export { sessionDayRange, SessionDayTracker } from './session-day.js';
export * as kernels from './kernels/index.js';
export * from './kernels/index.js';
