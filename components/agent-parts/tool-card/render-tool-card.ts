import { html, nothing, type TemplateResult } from 'lit';
import type { ToolTranscriptItem } from '../../../src/agent/index.js';

/** Words a tool card shows, in the panel's locale. */
export interface ToolCardStrings {
  readonly running: string;
  readonly succeeded: string;
  readonly failed: string;
  readonly input: string;
  readonly result: string;
  readonly noInput: string;
  /** Under an input shown shortened (a huge one, as the session stores it): its whole size, e.g. `1.2 MB`. */
  readonly inputShortened: (size: string) => string;
  /** The card of a call to a tool that does not exist (the name is text, never markup). */
  readonly unknownTool: (name: string) => string;
  /** Shown as the name of a call that came without one. */
  readonly noName: string;
}

/** What a tool card needs besides the transcript item. */
export interface ToolCardOptions {
  /** Human label of the tool (from the port's descriptors); the name is shown beside it. */
  readonly label: string;
  /** Current time (epoch ms), for the elapsed time of a running tool. */
  readonly now: number;
  readonly strings: ToolCardStrings;
  /** The error as people should read it (e.g. a sentence for its code in the panel's locale); default its message. */
  readonly errorText?: (error: { code: string; message: string }) => string;
}

/** `1.2 s`, `850 ms`, `2 m 05 s`. */
export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${minutes} m ${String(seconds).padStart(2, '0')} s`;
}

/** `850 bytes`, `16.4 kB`, `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1e6) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Pretty JSON as plain text; a value that is already a string (e.g. malformed arguments) as it is. */
export function formatJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * One tool call (part `tool-card`): label and name, status (spinner / ✓ / ✕), elapsed time,
 * latest progress, expandable input and result, and the error code and message of a failure.
 */
export function renderToolCard(item: ToolTranscriptItem, options: ToolCardOptions): TemplateResult {
  const { strings } = options;
  const elapsed = item.elapsedMs ?? (item.status === 'running' ? options.now - item.at : undefined);
  const statusText =
    item.status === 'running' ? strings.running : item.status === 'succeeded' ? strings.succeeded : strings.failed;
  const result = item.result;
  const error = result && !result.success ? result.error : null;
  if (error?.code === 'unknown_tool') {
    // A made-up (or missing) tool name: one line, not the error listing every tool nor a dump.
    return html`
    <div part="tool-card" class="tool-card unknown-tool" data-status=${item.status} data-tool=${item.name}>
      <div class="tool-head">
        <span class="tool-status" role="img" aria-label=${statusText} title=${statusText}>✕</span>
        <span class="tool-label">${strings.unknownTool(item.name || strings.noName)}</span>
      </div>
    </div>`;
  }
  const hasInput =
    item.input !== undefined &&
    item.input !== null &&
    !(typeof item.input === 'object' && Object.keys(item.input).length === 0);
  return html`
    <div part="tool-card" class="tool-card" data-status=${item.status} data-tool=${item.name}>
      <div class="tool-head">
        <span class="tool-status" role="img" aria-label=${statusText} title=${statusText}>
          ${item.status === 'running' ? html`<span class="spinner" aria-hidden="true"></span>` : item.status === 'succeeded' ? '✓' : '✕'}
        </span>
        <span class="tool-label">${options.label}</span>
        ${options.label !== item.name ? html`<code class="tool-name">${item.name}</code>` : nothing}
        <span class="tool-elapsed">${elapsed !== undefined ? formatElapsed(elapsed) : nothing}</span>
      </div>
      ${item.status === 'running' && item.progress ? html`<div class="tool-progress">${item.progress}</div>` : nothing}
      ${error ? html`<div class="tool-error"><code class="tool-error-code">${error.code}</code> ${options.errorText ? options.errorText(error) : error.message}</div>` : nothing}
      <details class="tool-details">
        <summary>${strings.input}${result ? html` · ${strings.result}` : nothing}</summary>
        <div class="tool-section-title">${strings.input}</div>
        <pre class="tool-json" dir="ltr" translate="no">${hasInput ? formatJson(item.input) : strings.noInput}</pre>
        ${item.inputBytes !== undefined ? html`<div class="tool-shortened">${strings.inputShortened(formatBytes(item.inputBytes))}</div>` : nothing}
        ${
          result
            ? html`
          <div class="tool-section-title">${strings.result}</div>
          <pre class="tool-json" dir="ltr" translate="no">${formatJson(result.success ? (result.text ?? result.data) : { error: result.error, ...(result.data !== undefined ? { data: result.data } : {}) })}</pre>`
            : nothing
        }
      </details>
    </div>`;
}
