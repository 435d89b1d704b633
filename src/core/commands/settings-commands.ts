import { isKnownTimeZone } from '../data/is-known-time-zone.js';
import { ToolCallError, type ToolOutput } from '../tools/index.js';
import type { CommandContext } from './command-context.js';
import type { ChartSettings, SettingsPatch } from '../state/index.js';

/**
 * Chart settings: what the `theme`/`color-convention` attributes write at once (`apply`). The
 * `settings_*` tools, which the settings dialog calls, are
 * {@link import('./settings-tools.js').SettingsTools}, loaded after the first paint (issue #12).
 */
export class SettingsCommands {
  /** Internal: for {@link import('./settings-tools.js').SettingsTools}. */
  readonly ctx: Pick<CommandContext, 'store'>;

  constructor(ctx: Pick<CommandContext, 'store'>) {
    this.ctx = ctx;
  }

  /** Writes a validated patch in one action (`undoable` false for attribute mirroring). */
  apply(values: SettingsPatch, label: string, undoable = true): ToolOutput {
    if (values.timezone && !isKnownTimeZone(values.timezone)) {
      throw new ToolCallError('invalid_input', `Unknown timezone '${values.timezone}'.`, {
        details: [
          { path: 'values.timezone', reason: 'expected an IANA timezone such as America/New_York, or an empty string' },
        ],
        recommendedAction: 'Use an IANA name like Europe/London or Asia/Shanghai.',
      });
    }
    const current = this.ctx.store.peek('settings');
    const previous: Record<string, unknown> = {};
    const next: Record<string, unknown> = { ...current };
    let changed = false;
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      if (current[key as keyof ChartSettings] !== value) changed = true;
      previous[key] = current[key as keyof ChartSettings];
      next[key] = value;
    }
    if (!changed) return { data: { previous, values: { ...current } }, stateChanged: false };
    this.ctx.store.action(label, (d) => d.set('settings', Object.freeze(next) as unknown as ChartSettings), {
      undoable,
    });
    return { data: { previous, values: next } };
  }
}
