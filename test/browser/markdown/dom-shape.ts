/** Tag names of every element under `root`, deduplicated and sorted. */
export function tagsUnder(root: Element): string[] {
  return [...new Set([...root.querySelectorAll('*')].map((e) => e.localName))].sort();
}

/** Deepest element nesting under `root`. */
export function depthUnder(root: Element): number {
  let deepest = 0;
  const walk: [Element, number][] = [[root, 0]];
  while (walk.length) {
    const [el, d] = walk.pop()!;
    deepest = Math.max(deepest, d);
    for (const child of el.children) walk.push([child, d + 1]);
  }
  return deepest;
}
