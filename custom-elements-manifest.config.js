// `npm run analyze`: the custom-elements manifest, generated from the elements' JSDoc tags.
export default {
  globs: ['components/**/*.ts'],
  // Translations are data (docs/locale-keys.md lists their keys), not API.
  exclude: ['components/**/*.test.ts', 'components/**/*.styles.ts', 'components/i18n/locales/**'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  plugins: [
    {
      // The glob's file order follows the file system, which differs between clones: sort modules
      // by path so the committed manifest is the same wherever it is generated (CI checks it).
      name: 'sort-modules-by-path',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
    },
  ],
};
