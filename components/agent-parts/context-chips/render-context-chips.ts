import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ContextChip } from './build-context-chips.js';

/** Words of the chip row. */
export interface ContextChipsStrings {
  /** Accessible name of the row. */
  readonly attached: string;
  remove(label: string): string;
}

/**
 * The chips attached to the next run (part `context-chip` each), each with a × button that
 * leaves it out of the next run.
 */
export function renderContextChips(
  chips: readonly ContextChip[],
  onRemove: (chip: ContextChip) => void,
  strings: ContextChipsStrings,
): TemplateResult | typeof nothing {
  if (chips.length === 0) return nothing;
  return html`
    <div class="context-chips" role="list" aria-label=${strings.attached}>
      ${repeat(
        chips,
        (chip) => chip.key,
        (chip) => html`
        <span part="context-chip" class="context-chip" role="listitem" data-kind=${chip.kind} title=${chip.title}>
          <span class="context-chip-label">${chip.label}</span>
          <button class="context-chip-remove" type="button" aria-label=${strings.remove(chip.label)} @click=${() => onRemove(chip)}>×</button>
        </span>`,
      )}
    </div>`;
}

/**
 * The chip row's place, kept while a chart is being asked for (hidden, and with a chip's own parts, so
 * it is a chip's height whatever the font or pointer): the composer does not grow, and the
 * conversation above it does not move, when the chart answers and its chips arrive.
 */
export const pendingContextChips: TemplateResult = html`
  <div class="context-chips" aria-hidden="true">
    <span class="context-chip pending"><span class="context-chip-label">&nbsp;</span><span class="context-chip-remove"></span></span>
  </div>`;
