// `npm run analyze`: the custom-elements manifest, generated from the elements' JSDoc tags.
export default {
  globs: ['components/**/*.ts'],
  exclude: ['components/**/*.test.ts', 'components/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  dependencies: false,
};
