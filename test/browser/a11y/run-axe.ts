/** Loads axe-core's browser build once and runs it over the whole document (it enters open shadow roots). */

interface AxeNode {
  target: unknown;
  failureSummary?: string;
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}
interface AxeApi {
  run(context: Document | Element, options?: object): Promise<{ violations: AxeViolation[] }>;
}

let loading: Promise<AxeApi> | null = null;

function loadAxe(): Promise<AxeApi> {
  loading ??= new Promise<AxeApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve((window as unknown as { axe: AxeApi }).axe);
    script.onerror = () => reject(new Error('axe-core failed to load'));
    document.head.append(script);
  });
  return loading;
}

/** Every violation of any impact, as readable lines (empty when axe finds nothing). */
export async function axeViolations(context: Document | Element = document): Promise<string[]> {
  const axe = await loadAxe();
  const { violations } = await axe.run(context, { resultTypes: ['violations'] });
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(n.target)} ${n.failureSummary ?? ''} ${n.html.slice(0, 160)}`,
    ),
  );
}
