import { html, nothing, type TemplateResult } from 'lit';
import type { IndicatorLineStyle } from './indicator-settings-events.js';
import type { IndicatorSettingsModel } from './indicator-settings-model.js';
import type { IndicatorSettingsStrings } from './indicator-settings-strings.js';

/** Line widths offered, in px. */
const WIDTHS = [1, 2, 3, 4] as const;

/** The user's changes in the Style section, not yet applied. */
export interface StyleEdits {
  readonly lines: Readonly<Record<string, IndicatorLineStyle>>;
  readonly visible?: boolean;
}

/**
 * The Style section (as TradingView's Style tab): a Visible toggle for the whole study, then per line
 * a colour input (none for histograms, which keep their up/down colours), a width select and a
 * visibility checkbox. `change` receives the edits with the new field laid over.
 */
export function renderStyleSection(
  m: IndicatorSettingsModel,
  edits: StyleEdits,
  t: IndicatorSettingsStrings,
  change: (next: StyleEdits) => void,
): TemplateResult {
  const line = (key: string, patch: IndicatorLineStyle) =>
    change({ ...edits, lines: { ...edits.lines, [key]: { ...edits.lines[key], ...patch } } });
  return html`<fieldset class="style" part="style">
    <legend>${t.style}</legend>
    <label class="study-visible"><input type="checkbox" part="study-visible" .checked=${edits.visible ?? m.visible}
      @change=${(e: Event) => change({ ...edits, visible: (e.target as HTMLInputElement).checked })} />${t.visible}</label>
    ${m.outputs.map((o) => {
      const edit = edits.lines[o.key] ?? {};
      return html`<div class="line" part="style-line" data-output=${o.key}>
        <input type="checkbox" part="line-visible" aria-label=${t.lineVisible(o.label)} title=${t.lineVisible(o.label)} .checked=${edit.visible ?? o.visible}
          @change=${(e: Event) => line(o.key, { visible: (e.target as HTMLInputElement).checked })} />
        <span class="line-label">${o.label}</span>
        ${
          o.histogram
            ? nothing
            : html`<input type="color" part="line-color" aria-label=${t.lineColor(o.label)} title=${t.lineColor(o.label)} .value=${edit.color ?? o.color}
          @input=${(e: Event) => line(o.key, { color: (e.target as HTMLInputElement).value })} />`
        }
        ${
          o.histogram
            ? nothing
            : html`<select part="line-width" aria-label=${t.lineWidth(o.label)} title=${t.lineWidth(o.label)}
          @change=${(e: Event) => line(o.key, { width: Number((e.target as HTMLSelectElement).value) })}>
          ${WIDTHS.map((w) => html`<option value=${w} ?selected=${(edit.width ?? o.width) === w}>${w}</option>`)}
        </select>`
        }
      </div>`;
    })}
  </fieldset>`;
}

/** The edits that differ from the model: the `styles` and `visible` of `indicators_update` (absent when nothing changed). */
export function changedStyles(
  m: IndicatorSettingsModel,
  edits: StyleEdits,
): { styles?: Record<string, IndicatorLineStyle>; visible?: boolean } {
  const styles: Record<string, IndicatorLineStyle> = {};
  for (const o of m.outputs) {
    const e = edits.lines[o.key];
    if (!e) continue;
    const s: { color?: string; width?: number; visible?: boolean } = {};
    if (e.color !== undefined && e.color !== o.color) s.color = e.color;
    if (e.width !== undefined && e.width !== o.width) s.width = e.width;
    if (e.visible !== undefined && e.visible !== o.visible) s.visible = e.visible;
    if (Object.keys(s).length) styles[o.key] = s;
  }
  return {
    ...(Object.keys(styles).length ? { styles } : {}),
    ...(edits.visible !== undefined && edits.visible !== m.visible ? { visible: edits.visible } : {}),
  };
}
