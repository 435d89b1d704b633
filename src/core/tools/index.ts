export * from './tool-decorator.js';
export * from './tool-error.js';
export * from './to-tool-error.js';
export type * from './tool-metadata.js';
export * from './tool-registry.js';
export * from './define-tool.js';
export * from './validate-tool-input.js';
export * from './deep-freeze.js';
export * from './to-model-schema.js';
