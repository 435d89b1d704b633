import { Type, type Static } from '@sinclair/typebox';
import { tool, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEYS,
  SettingsValues,
  type ChartSettings,
  type SettingsPatch,
} from '../state/index.js';
import type { SettingsCommands } from './settings-commands.js';

const Empty = Type.Object({}, { additionalProperties: false });
const UpdateInput = Type.Object(
  {
    values: Type.Object(SettingsValues.properties, {
      additionalProperties: false,
      description: 'The settings to change; keys left out keep their value.',
    }),
  },
  { additionalProperties: false },
);
const ResetInput = Type.Object(
  {
    keys: Type.Optional(
      Type.Array(
        Type.Union(
          SETTINGS_KEYS.map((k) => Type.Literal(k)),
          { description: 'A setting key.' },
        ),
        { maxItems: SETTINGS_KEYS.length, description: 'Keys to reset to their defaults; all when omitted.' },
      ),
    ),
  },
  { additionalProperties: false },
);

/**
 * The `settings_*` tools (docs/contracts.md "Tool catalog"); the settings dialog calls them too. They
 * write through {@link SettingsCommands.apply}, which the `theme`/`color-convention` attributes use at
 * once. Loaded with the other tools after the first paint (builtin-tool-hosts.ts, issue #12).
 */
export class SettingsTools {
  readonly #settings: SettingsCommands;

  constructor(settings: SettingsCommands) {
    this.#settings = settings;
  }

  @tool({
    name: 'settings_get',
    label: 'Get settings',
    description:
      'Returns the current chart settings (`values`) and, for each writable key, its allowed values and meaning (`schema`, e.g. `candleStyle: solid|hollow|ohlc|line|area|heikin_ashi`). Call it before settings_update when you need a current value or the allowed values; never fails.',
    parameters: Empty,
    safety: 'read-only',
  })
  get(_input?: Static<typeof Empty>, _ctx?: ToolCallContext): ToolOutput {
    const schema: Record<string, string> = {};
    for (const [key, prop] of Object.entries(SettingsValues.properties)) {
      const p = prop as { description?: string; anyOf?: { const: string }[]; type?: string };
      schema[key] = `${p.anyOf ? p.anyOf.map((a) => a.const).join('|') : p.type}: ${p.description ?? ''}`;
    }
    return { data: { values: { ...this.#settings.ctx.store.peek('settings') }, schema } };
  }

  @tool({
    name: 'settings_update',
    label: 'Update settings',
    description:
      'Changes chart settings: theme, colorConvention, candleStyle, priceScale, grid, volume pane, crosshair, display timezone, locale, priceAxisSide, legend. Pass only the keys to change in `values`; the others keep their value. Returns `previous` (old values of the keys given) and `values` (all settings now). All keys change together as one undo step, the same as Apply in the settings dialog. An unknown key, a value outside its enum or an unknown IANA timezone fails with invalid_input and nothing changes.',
    liveDescription: (host: SettingsTools) =>
      `Current values: ${settingsText(host.#settings.ctx.store.peek('settings'))}.`,
    parameters: UpdateInput,
    safety: 'mutating',
  })
  update(input: { values: SettingsPatch }, _ctx?: ToolCallContext): ToolOutput {
    return this.#settings.apply(input.values, 'settings_update');
  }

  @tool({
    name: 'settings_reset',
    label: 'Reset settings',
    description: `Resets the given setting keys, or every key when \`keys\` is omitted, to their defaults (${settingsText(DEFAULT_SETTINGS)}; timezone "" = the market timezone). Returns \`previous\` (the old values) and \`values\`. One undo step, the same as Reset in the settings dialog; nothing changes when the values already are the defaults.`,
    parameters: ResetInput,
    safety: 'mutating',
  })
  reset(input: Static<typeof ResetInput>, _ctx?: ToolCallContext): ToolOutput {
    const keys = input.keys ?? SETTINGS_KEYS;
    const patch: Record<string, unknown> = {};
    for (const k of keys) patch[k] = DEFAULT_SETTINGS[k as keyof ChartSettings];
    return this.#settings.apply(patch, 'settings_reset');
  }
}

/** `theme=auto, grid=true, timezone=""` — settings as one line for a model. */
function settingsText(settings: ChartSettings): string {
  return Object.entries(settings)
    .map(([k, v]) => `${k}=${v === '' ? '""' : String(v)}`)
    .join(', ');
}
