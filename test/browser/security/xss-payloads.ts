/**
 * An XSS corpus built from base vectors × contexts. Every vector that could run script sets
 * `window.__xss`, so a payload that ever executes is seen even when nothing else is.
 */
const RUN = 'window.__xss=1';

/** About forty classic vectors: tags, attributes, URLs, entity tricks, template and markup breakers. */
export const BASE_VECTORS: readonly string[] = [
  `<img src=x onerror="${RUN}">`,
  `<img src="x" onerror=${RUN}>`,
  `<IMG SRC=x OnErRoR=${RUN}>`,
  `<svg onload="${RUN}">`,
  `<svg/onload=${RUN}>`,
  `<svg><script>${RUN}</script></svg>`,
  `<script>${RUN}</script>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<iframe src="javascript:parent.${RUN}"></iframe>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<a href="javascript:${RUN}">click me</a>`,
  `<body onload="${RUN}">`,
  `<details open ontoggle="${RUN}">x</details>`,
  `<input autofocus onfocus="${RUN}">`,
  `<video><source onerror="${RUN}"></video>`,
  `<audio src=x onerror="${RUN}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<link rel="stylesheet" href="javascript:${RUN}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//">`,
  `<form action="javascript:${RUN}"><button>go</button></form>`,
  `"><img src=x onerror=${RUN}>`,
  `'><svg/onload=${RUN}>`,
  `</textarea><script>${RUN}</script>`,
  `</title><img src=x onerror=${RUN}>`,
  `</style><img src=x onerror=${RUN}>`,
  `\${${RUN}}`,
  `\`;${RUN};\``,
  `{{constructor.constructor('${RUN}')()}}`,
  `<img src=x onerror=&#119;&#105;ndow.__xss=1>`,
  `&lt;img src=x onerror=${RUN}&gt;`,
  `&#60;svg onload=${RUN}&#62;`,
  `<img src="jav&#x09;ascript:${RUN}">`,
  `[click](javascript:${RUN})`,
  `![x](javascript:${RUN})`,
  `[x](JaVaScRiPt:${RUN})`,
  `[x](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)`,
  `<https://x.test/" onmouseover="${RUN}>`,
  `<div style="background:url(javascript:${RUN})">x</div>`,
  `<svg><a xlink:href="javascript:${RUN}"><text>x</text></a></svg>`,
  `<template><img src=x onerror=${RUN}></template>`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
];

/** Where a vector sits: alone, inside text, inside Markdown emphasis, code, quote, list, link text. */
const CONTEXTS: readonly ((p: string) => string)[] = [
  (p) => p,
  (p) => `Before ${p} after.`,
  (p) => `**${p}**`,
  (p) => `> ${p}`,
  (p) => `- item ${p}`,
];

/** Every vector in every context, each tagged with its number: 43 × 5 = 215 payloads. */
export function buildPayloads(): string[] {
  const out: string[] = [];
  for (const context of CONTEXTS) {
    for (const vector of BASE_VECTORS) out.push(`#${out.length} ${context(vector)}`);
  }
  return out;
}

/** Splits `items` into groups of `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
