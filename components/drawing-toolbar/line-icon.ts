import { html, type SVGTemplateResult, type TemplateResult } from 'lit';

/** A 16×16 line icon around `shape` (the drawing bar's icons, and the chart toolbar's camera, replay and full-screen buttons). */
export function lineIcon(shape: SVGTemplateResult): TemplateResult {
  return html`<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round">${shape}</svg>`;
}
