// `npm run analyze`: the custom-elements manifest, generated from the elements' JSDoc tags.
// It lists public API only (scripts/check-manifest.js fails CI otherwise): the plugin below drops
// what the analyzer picks up from the implementation.

/** A private or internal name: `#field`, `_state`, or marked private/protected. */
const isPrivate = (m) => /^[#_]/.test(m.name ?? '') || m.privacy === 'private' || m.privacy === 'protected';

export default {
  globs: ['components/**/*.ts'],
  // Translations are data (docs/locale-keys.md lists their keys), not API.
  exclude: ['components/**/*.test.ts', 'components/**/*.styles.ts', 'components/i18n/locales/**'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  plugins: [
    {
      // Lit's `static properties` entries with `state: true` (`_hover`, `_events`, …) are reported as
      // attributes, `#private` members as members, and `dispatchEvent(new CustomEvent(type, …))`
      // with a variable name as an event called `type`: none of them is API. Events keep the
      // `@fires {DetailType} name` tags of the JSDoc, which carry the detail type.
      name: 'public-api-only',
      packageLinkPhase({ customElementsManifest }) {
        for (const mod of customElementsManifest.modules) {
          for (const d of mod.declarations ?? []) {
            if (d.kind !== 'class') continue;
            if (d.members) d.members = d.members.filter((m) => !isPrivate(m));
            if (d.attributes)
              d.attributes = d.attributes.filter((a) => !/^_/.test(a.name ?? '') && !/^[#_]/.test(a.fieldName ?? ''));
            if (d.events) {
              const named = d.events.filter((e) => typeof e.name === 'string' && e.name.includes('-'));
              // One entry per name: the documented one (with its description) wins.
              const byName = new Map();
              for (const e of named) {
                const seen = byName.get(e.name);
                if (!seen || (!seen.description && e.description)) byName.set(e.name, e);
              }
              d.events = [...byName.values()];
            }
          }
        }
      },
    },
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
