/**
 * Whether this is a development build. `true` in the compiled sources (`build/`, what tests,
 * the demo server and bundlers of the TypeScript sources see); the published bundle (`dist/`,
 * rollup.config.js) rewrites it to `false`, so its warnings are stripped. See docs/contracts.md
 * ("Locales").
 */
export const DEVELOPMENT = true;
