import type { ToolEntry } from '../../src/core/tools/index.js';

/**
 * The tools whose label, name or description contain every word of `query` (case-insensitive),
 * best first: label or name starting with the query, then a word of the label or name matching,
 * then description-only matches; ties keep registration order. An empty query lists every tool.
 */
export function filterTools(tools: readonly ToolEntry[], query: string): ToolEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...tools];
  const words = q.split(/\s+/);
  const scored: { tool: ToolEntry; score: number; index: number }[] = [];
  tools.forEach((tool, index) => {
    const label = tool.label.toLowerCase();
    const name = tool.name.toLowerCase();
    const haystack = `${label} ${name} ${tool.description.toLowerCase()}`;
    if (!words.every((w) => haystack.includes(w))) return;
    let score = 3;
    if (label.startsWith(q) || name.startsWith(q)) score = 0;
    else if (words.every((w) => label.includes(w) || name.includes(w))) score = 1;
    else if (words.some((w) => label.includes(w) || name.includes(w))) score = 2;
    scored.push({ tool, score, index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.tool);
}
