/** Command-line options of `node bench/run.js` (also `npm run bench -- <options>`). */

export const LIBS = ['ours', 'lightweight-charts', 'klinecharts', 'uplot'];
export const DEFAULT_SIZES = [10_000, 100_000, 1_000_000];
export const DEFAULT_OURS_MODULE = '/dist/kline-chart.js';
/** What `--skip` can leave out. */
export const SECTIONS = ['sizes', 'render', 'cold', 'panel', 'plugins'];

export const USAGE = `usage: node bench/run.js [options]
  --sizes 10000,100000     bar counts (default ${DEFAULT_SIZES.join(',')}; k/m suffixes allowed: 10k,1m)
  --runs 3                 runs per size (default 5, and 3 for 1M bars)
  --only ours,klinecharts  libraries (default ${LIBS.join(',')})
  --seed 42                random-walk seed (default 42)
  --steps 32               measured pan / zoom steps per run (default 32, at least 30 recommended)
  --timeout 60             seconds before a first paint counts as "timeout" (default 60)
  --ours-module ${DEFAULT_OURS_MODULE}
                           URL path (under the repo root) of our element's bundle
  --no-indicators          skip the indicator kernel bench (build/bench/indicators.js)
  --skip cold,panel        skip sections: sizes, render, cold, panel, plugins (for a quick partial run)
  --help`;

function parseSize(text) {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`bad size "${text}"`);
  const scale = { '': 1, k: 1_000, m: 1_000_000 }[match[2].toLowerCase()];
  return Math.round(Number(match[1]) * scale);
}

function positiveInt(text, name) {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer, got "${text}"`);
  return value;
}

/**
 * @param {string[]} argv arguments after the script name
 * @returns {{ sizes: number[], runs: number | null, libs: string[], seed: number, steps: number,
 *   timeoutMs: number, indicators: boolean, skip: string[], help: boolean, oursModule: string }}
 */
export function parseOptions(argv) {
  const options = {
    sizes: DEFAULT_SIZES,
    runs: null,
    libs: LIBS,
    seed: 42,
    steps: 32,
    timeoutMs: 60_000,
    indicators: true,
    skip: [],
    help: false,
    oursModule: DEFAULT_OURS_MODULE,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--sizes':
        options.sizes = value().split(',').filter(Boolean).map(parseSize);
        break;
      case '--runs':
        options.runs = positiveInt(value(), 'runs');
        break;
      case '--only': {
        const libs = value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const unknown = libs.filter((lib) => !LIBS.includes(lib));
        if (unknown.length) throw new Error(`unknown lib ${unknown.join(', ')} (known: ${LIBS.join(', ')})`);
        options.libs = LIBS.filter((lib) => libs.includes(lib));
        break;
      }
      case '--seed':
        options.seed = positiveInt(value(), 'seed');
        break;
      case '--steps':
        options.steps = positiveInt(value(), 'steps');
        break;
      case '--timeout':
        options.timeoutMs = positiveInt(value(), 'timeout') * 1000;
        break;
      case '--ours-module': {
        const path = value();
        if (!path.startsWith('/')) throw new Error('--ours-module must be a URL path starting with /');
        options.oursModule = path;
        break;
      }
      case '--skip': {
        const skip = value()
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        const unknown = skip.filter((x) => !SECTIONS.includes(x));
        if (unknown.length) throw new Error(`unknown section ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
        options.skip = skip;
        break;
      }
      case '--no-indicators':
        options.indicators = false;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (options.sizes.length === 0) throw new Error('--sizes is empty');
  return options;
}

/** Runs for one size: `--runs` when given, else 5 (3 from 1M bars up). */
export function runsFor(size, runs) {
  return runs ?? (size >= 1_000_000 ? 3 : 5);
}
