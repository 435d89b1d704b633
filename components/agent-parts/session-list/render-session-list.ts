import { html, nothing, type TemplateResult } from 'lit';
import type { SessionInfo } from '../../../src/agent/index.js';

/** Words of the session picker. */
export interface SessionListStrings {
  /** Accessible name of the picker. */
  readonly label: string;
  /** Shown for a session still named with the store's default title. */
  readonly untitled: string;
}

/**
 * The session picker: a native `<select>` (keyboard and screen-reader friendly for free) listing
 * the sessions newest first; choosing one calls `onSelect` with its id. The chosen chat shows as its
 * title and time over the (see-through) select, so a long title is cut short before its time, never
 * the time (`session-shown`, styled by the panel).
 */
export function renderSessionList(
  sessions: readonly SessionInfo[],
  currentId: string,
  onSelect: (id: string) => void,
  strings: SessionListStrings,
  formatTime: (ms: number) => string,
): TemplateResult {
  const shown = sessions.find((s) => s.id === currentId) ?? sessions[0];
  return html`<span class="session-picker">
    <span part="session-title" class="session-shown" aria-hidden="true">${
      shown
        ? html`<span class="session-title">${shown.title || strings.untitled}</span><span class="session-time"> · ${formatTime(shown.updatedAt)}</span>`
        : nothing
    }</span>
    <select
      part="session-list"
      class="session-list"
      aria-label=${strings.label}
      title=${strings.label}
      @change=${(e: Event) => onSelect((e.target as HTMLSelectElement).value)}
    >
      ${sessions.map((s) => html`<option value=${s.id} ?selected=${s.id === currentId}>${s.title || strings.untitled} · ${formatTime(s.updatedAt)}</option>`)}
    </select>
  </span>`;
}
