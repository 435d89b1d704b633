/** The placeholder stylesheet a page loads before the module (dist/kline-chart-placeholder.css). */
export const placeholderHref = '/dist/kline-chart-placeholder.css';

/** Adds the placeholder stylesheet to the document's head; resolves once it has loaded. */
export async function loadPlaceholderSheet(): Promise<HTMLLinkElement> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = placeholderHref;
  const loaded = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = reject;
  });
  document.head.append(link);
  await loaded;
  return link;
}
