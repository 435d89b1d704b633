// Browser tests: the compiled tests (build/test/browser) in Debian's Chromium, with the project's
// mock OpenAI-compatible model started once for the whole run (real HTTP, real SSE).
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { writeFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { minifyCssText } from './scripts/minify-css-templates.js';
import { htmlTemplates, trimHtmlText, trimsHtmlOf } from './scripts/minify-html-templates.js';
import { parseAst } from 'rollup/parseAst';
import { applyEdits, UPLOT_PX_RATIO_EDITS } from './scripts/uplot-px-ratio.js';
import { blockRequests } from './scripts/block-requests.js';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * Answers `mock-model-url` with the base URL of a mock model of the calling test file's own, so
 * files that run concurrently never share a script queue or a request log.
 */
function mockModelPlugin() {
  const mocks = new Map();
  const binances = new Map();
  let errorServers = null;
  /** The protocol session of a test page whose fingers are still down (the `touch` command). */
  const touchSessions = new Map();
  /** The protocol session holding a test page's touch-screen emulation (the `touch-screen` command). */
  const touchScreens = new Map();
  return {
    name: 'mock-model',
    async serverStop() {
      await Promise.all(
        [...mocks.values(), ...binances.values(), ...(errorServers ? [errorServers] : [])].map(async (m) =>
          (await m).close(),
        ),
      );
    },
    async executeCommand({ command, session, payload }) {
      if (command === 'error-servers') {
        // An HTML 404 page, an origin without CORS headers, a refused port (test/error-servers).
        errorServers ??= import('./build/test/error-servers/index.js').then(({ startErrorServers }) =>
          startErrorServers(),
        );
        const s = await errorServers;
        return { htmlUrl: s.htmlUrl, noCorsUrl: s.noCorsUrl, refusedUrl: s.refusedUrl, filesUrl: s.filesUrl };
      }
      if (command === 'mock-binance') {
        // A recorded-format Binance of the file's own: REST history and kline streams.
        if (!binances.has(session.testFile)) {
          binances.set(
            session.testFile,
            import('./build/test/mock-binance/index.js').then(({ startMockBinance }) =>
              startMockBinance({ barCount: payload?.barCount ?? 3000 }),
            ),
          );
        }
        const b = await binances.get(session.testFile);
        return { restUrl: b.restUrl, wsUrl: b.wsUrl };
      }
      if (command === 'mock-binance-push') {
        const b = await binances.get(session.testFile);
        b.pushKline(payload.symbol, payload.interval, payload.bar, payload.closed);
        return true;
      }
      if (command === 'mock-binance-wait-connections') {
        // Resolves once the file's exchange has accepted `count` kline streams in total (the chart opens
        // its live stream after the first load); fails after `timeoutMs` instead of hanging.
        const b = await binances.get(session.testFile);
        const timeoutMs = payload?.timeoutMs ?? 10000;
        let timer;
        const timedOut = new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no ${payload.count} kline stream(s) within ${timeoutMs} ms`)),
            timeoutMs,
          );
        });
        try {
          await Promise.race([b.waitForConnections(payload.count), timedOut]);
        } finally {
          clearTimeout(timer);
        }
        return true;
      }
      if (command === 'mock-binance-drop') {
        (await binances.get(session.testFile)).dropConnections();
        return true;
      }
      if (command === 'touch') {
        // Real touch input through Chromium's DevTools protocol (Input.dispatchTouchEvent): the page
        // gets touch and pointer events with pointerType 'touch', and touch-action applies.
        // A call whose last step leaves fingers down keeps its protocol session for the next call
        // (a long press: touchStart, wait on the page, then the moves): the touch lives in the session.
        const page = session.browser.getPage(session.id);
        const cdp = touchSessions.get(session.id) ?? (await page.createCDPSession());
        touchSessions.delete(session.id);
        let held = false;
        try {
          for (const step of payload.steps)
            await cdp.send('Input.dispatchTouchEvent', {
              type: step.type,
              touchPoints: step.points.map((p, id) => ({ x: p[0], y: p[1], id })),
            });
          const last = payload.steps.at(-1);
          held = last !== undefined && last.type !== 'touchEnd' && last.type !== 'touchCancel';
        } finally {
          if (held) touchSessions.set(session.id, cdp);
          else await cdp.detach();
        }
        return true;
      }
      if (command === 'live-objects') {
        // How many objects whose prototype chain holds `payload.prototype` (an expression) survive two
        // forced garbage collections (Runtime.queryObjects): a leak check that sees what the page cannot.
        const page = session.browser.getPage(session.id);
        const cdp = await page.createCDPSession();
        try {
          await cdp.send('HeapProfiler.collectGarbage');
          await cdp.send('HeapProfiler.collectGarbage');
          const { result: proto } = await cdp.send('Runtime.evaluate', { expression: payload.prototype });
          const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.objectId });
          const { result } = await cdp.send('Runtime.callFunctionOn', {
            objectId: objects.objectId,
            functionDeclaration: 'function () { return this.length; }',
            returnByValue: true,
          });
          return result.value;
        } finally {
          await cdp.detach();
        }
      }
      if (command === 'ax-tree') {
        // What assistive technology gets from the page (Accessibility.getFullAXTree), the nodes it does
        // not ignore: role, name, description, aria-busy, and the live region that reads a change to the
        // node: the nearest node, itself or above, with a live property (`aria-live`, or a role such as
        // log or alert that implies one), as its role and name, and how it reads (`live`: polite,
        // assertive, off). The protocol reports those properties on the region only, not its content.
        const cdp = await session.browser.getPage(session.id).createCDPSession();
        try {
          await cdp.send('Accessibility.enable');
          const { nodes } = await cdp.send('Accessibility.getFullAXTree');
          const byId = new Map(nodes.map((n) => [n.nodeId, n]));
          // The answer can stop short (a tree read again after a change came back with 100 nodes, the
          // panel missing): fetch the children it names but does not hold.
          for (let i = 0; i < nodes.length; i++) {
            if (!(nodes[i].childIds ?? []).some((id) => !byId.has(id))) continue;
            const { nodes: children } = await cdp.send('Accessibility.getChildAXNodes', { id: nodes[i].nodeId });
            for (const child of children)
              if (!byId.has(child.nodeId)) {
                byId.set(child.nodeId, child);
                nodes.push(child);
              }
          }
          const prop = (n, name) => n.properties?.find((p) => p.name === name)?.value?.value;
          // `aria-live="off"` makes a node the region of what it holds, one that reads nothing (Chromium
          // counts it as a live region root but the protocol reports active ones only): found in the DOM.
          const off = new Set();
          const walk = (d) => {
            const a = d.attributes ?? [];
            for (let i = 0; i < a.length; i += 2)
              if (a[i] === 'aria-live' && a[i + 1].trim().toLowerCase() === 'off') off.add(d.backendNodeId);
            for (const c of [...(d.children ?? []), ...(d.shadowRoots ?? [])]) walk(c);
          };
          walk((await cdp.send('DOM.getDocument', { depth: -1, pierce: true })).root);
          const regionOf = (n) => {
            for (let at = n; at; at = byId.get(at.parentId))
              if (prop(at, 'live') !== undefined || off.has(at.backendDOMNodeId)) return at;
            return null;
          };
          return nodes
            .filter((n) => !n.ignored)
            .map((n) => {
              const root = regionOf(n);
              return {
                role: n.role?.value ?? '',
                name: n.name?.value ?? '',
                description: n.description?.value ?? '',
                busy: prop(n, 'busy') ?? false,
                focused: prop(n, 'focused') ?? false,
                live: root ? (prop(root, 'live') ?? 'off') : null,
                root: root ? { role: root.role?.value ?? '', name: root.name?.value ?? '' } : null,
              };
            });
        } finally {
          await cdp.detach();
        }
      }
      if (command === 'collect-garbage') {
        // Two full garbage collections of the page (HeapProfiler.collectGarbage): a test holding `WeakRef`s
        // to removed elements then sees which of them something still holds (test/browser/lifecycle/removed-*-is-garbage.test.ts).
        // A `WeakRef` target stays alive until the job that read it ends: call this a task later.
        const cdp = await session.browser.getPage(session.id).createCDPSession();
        try {
          await cdp.send('HeapProfiler.collectGarbage');
          await cdp.send('HeapProfiler.collectGarbage');
        } finally {
          await cdp.detach();
        }
        return true;
      }
      if (command === 'block-requests') {
        // A page's requests matching `payload.pattern` fail as a network error would (a chunk that cannot be
        // fetched), or with `payload.hold` wait (a slow network) until the next call; `null` lets everything
        // through again (scripts/block-requests.js: per page, in call order, holding once the call resolves).
        return blockRequests(session.browser.getPage(session.id), payload);
      }
      if (command === 'html-templates') {
        // Every html`…` and svg`…` template the bundle trims (scripts/minify-html-templates.js), in the
        // compiled components (build/components), as written and as shipped, each `${…}` as the same filler.
        const templates = [];
        for (const file of readdirSync('build/components', { recursive: true })) {
          const path = `build/components/${file}`;
          if (!path.endsWith('.js') || !trimsHtmlOf(path)) continue;
          const code = readFileSync(path, 'utf8');
          if (!/\b(html|svg)\s*`/.test(code)) continue;
          const ast = parseAst(code); // the parser the plugin's `this.parse` is
          for (const quasis of htmlTemplates(code, ast))
            templates.push({
              file: path,
              original: quasis.map((q) => q.raw).join('filler'),
              trimmed: quasis.map((q) => trimHtmlText(q.raw)).join('filler'),
            });
        }
        return templates;
      }
      if (command === 'css-templates') {
        // Every css`…` template of components/ and src/, as written and as the bundle ships it
        // (scripts/minify-css-templates.js), with each `${…}` replaced by the same filler on both sides.
        const templates = [];
        for (const dir of ['components', 'src']) {
          for (const file of readdirSync(dir, { recursive: true })) {
            if (!String(file).endsWith('.ts')) continue;
            const text = readFileSync(`${dir}/${file}`, 'utf8');
            for (const [, body] of text.matchAll(/\bcss\s*`((?:[^`\\]|\\.)*)`/g)) {
              const quasis = body.split(/\$\{[^}]*\}/);
              templates.push({
                file: `${dir}/${file}`,
                original: quasis.join('--filler'),
                minified: quasis.map(minifyCssText).join('--filler'),
              });
            }
          }
        }
        return templates;
      }
      if (command === 'touch-screen') {
        // A touch screen as on a phone (Emulation.setTouchEmulationEnabled: a coarse pointer without hover,
        // touch points), without the reload Puppeteer's `hasTouch` viewport does; `{ on: false }` ends it.
        // The emulation lasts as long as its protocol session, kept until then.
        const previous = touchScreens.get(session.id);
        touchScreens.delete(session.id);
        if (previous) await previous.detach();
        if (!payload.on) return true;
        const cdp = await session.browser.getPage(session.id).createCDPSession();
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
        touchScreens.set(session.id, cdp);
        return true;
      }
      if (command === 'media-features') {
        // Any media feature Chromium emulates (prefers-contrast, forced-colors, …; the built-in
        // emulateMedia command knows only the colour scheme and reduced motion). `[]` resets.
        await session.browser.getPage(session.id).emulateMediaFeatures(payload.features);
        return true;
      }
      if (command === 'screenshot') {
        // What the page shows in a rectangle (CSS px of the top page), DOM and canvases together, as a
        // base64 PNG: the pixels of what is drawn in the DOM (uPlot's crosshair lines are elements).
        const page = session.browser.getPage(session.id);
        return page.screenshot({ clip: payload.clip, encoding: 'base64' });
      }
      if (command === 'docs-screenshot') {
        // What the page shows (DOM and canvases, e.g. the tooltip) in a rectangle, saved for the README
        // as docs/screenshots/<name>.png. Only run by tests that document a feature.
        if (!/^[a-z0-9-]{1,60}$/.test(payload.name)) throw new Error('docs-screenshot: bad name');
        mkdirSync('docs/screenshots', { recursive: true });
        const page = session.browser.getPage(session.id);
        await page.screenshot({ path: `docs/screenshots/${payload.name}.png`, clip: payload.clip });
        return true;
      }
      if (command !== 'mock-model-url') return undefined;
      if (!mocks.has(session.testFile)) {
        mocks.set(
          session.testFile,
          import('./build/test/mock-model/index.js').then(({ startMockModel }) =>
            startMockModel({ host: '127.0.0.1', port: 0 }),
          ),
        );
      }
      return (await mocks.get(session.testFile)).url;
    },
  };
}

/**
 * The tests' uPlot has the per-plot pixel ratio the bundle's has (scripts/uplot-px-ratio.js), so a chart
 * under CSS `zoom` is tested as it ships in dist/kline-chart.js.
 */
function uplotPxRatioPlugin() {
  return {
    name: 'uplot-px-ratio',
    transform(context) {
      if (!/\/uplot\/dist\/uPlot\.esm\.js$/.test(context.path)) return undefined;
      return { body: applyEdits(String(context.body), UPLOT_PX_RATIO_EDITS) };
    },
  };
}

/**
 * The markup the CMS integrations really write, as pages under the strict policy of
 * test/pages/strict-csp.html (test/browser/security/cms-strict-csp.test.ts): `/test/pages/cms/hugo.html`
 * (the shortcode's TypeScript copy, checked against the template by a node test) and
 * `/test/pages/cms/wordpress.html` (the plugin's shortcode run by PHP CLI, its enqueued stylesheet and
 * module in the head as WordPress prints them; without php the page says so in a `data-skip`). The
 * integrations' asset folders (`/kline-chart/`, the plugin's `assets/`) are served from dist/.
 */
const CMS_SHORTCODE = {
  symbol: 'DEMO',
  period: '1d',
  indicators: 'MA(5,20),VOL',
  theme: 'light',
  height: '420',
  panel: 'yes',
};
const CMS_ASSETS = [/^\/kline-chart\//, /^\/wp-content\/plugins\/kline-chart-agent\/assets\//];
function cmsPagesPlugin() {
  const page = (head, body, skip = '') => `<!doctype html>
<html lang="en"${skip ? ` data-skip="${skip}"` : ''}>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'">
<script src="/test/pages/record-csp-violations.js"></script>${head}
</head>
<body>
<main class="entry-content">${body}</main>
</body>
</html>
`;
  return {
    name: 'cms-pages',
    async serve(context) {
      if (context.path === '/test/pages/cms/hugo.html') {
        const { renderHugoShortcodes } = await import('./build/test/integrations/hugo-shortcode.js');
        return {
          body: page('', renderHugoShortcodes({ relPermalink: '/posts/strict/' }, [CMS_SHORTCODE])),
          type: 'html',
        };
      }
      if (context.path === '/test/pages/cms/wordpress.html') {
        const wp = await import('./build/test/integrations/wordpress-harness.js');
        if (!wp.hasPhp) return { body: page('', '', 'php is not installed'), type: 'html' };
        const { html, state } = wp.renderShortcodes([CMS_SHORTCODE], true, '/wp-content/plugins/kline-chart-agent/');
        const ver = '?ver=0.1.0';
        const head = [
          ...Object.entries(state.styles).map(
            ([id, href]) => `\n<link rel='stylesheet' id='${id}-css' href='${href}${ver}' media='all' />`,
          ),
          ...Object.entries(state.modules).map(
            ([id, src]) => `\n<script type="module" src="${src}${ver}" id="${id}-js-module"></script>`,
          ),
        ].join('');
        return { body: page(head, html.join('')), type: 'html' };
      }
      return undefined;
    },
  };
}

/** The integrations' asset URLs, answered from dist/ (see cmsPagesPlugin). */
function cmsAssets(context, next) {
  for (const prefix of CMS_ASSETS) if (prefix.test(context.path)) context.url = context.url.replace(prefix, '/dist/');
  return next();
}

/** Writes pass/fail counts so scripts/test.js can print one closing line for all runners. */
function countsReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      const walk = (suite) => {
        for (const t of suite.tests) {
          if (t.skipped) skipped++;
          else if (t.passed) passed++;
          else failed++;
        }
        for (const s of suite.suites) walk(s);
      };
      for (const s of sessions) {
        if (s.testResults) walk(s.testResults);
        // A file that failed to load counts as a failure, never as silence.
        if (!s.passed && (!s.testResults || s.errors?.length)) failed += s.errors?.length ? 1 : 0;
      }
      mkdirSync('.cache', { recursive: true });
      writeFileSync('.cache/wtr-counts.json', JSON.stringify({ passed, failed, skipped }));
    },
  };
}

export default {
  rootDir: '.',
  files: ['build/test/browser/**/*.test.js'],
  nodeResolve: { exportConditions: ['browser', 'production', 'default'] },
  // One page at a time: Chromium throttles requestAnimationFrame in background pages, and
  // canvas tests wait for painted frames.
  concurrency: 1,
  concurrentBrowsers: 1,
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 180000,
  testFramework: { config: { timeout: 30000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: chromePath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--disable-dev-shm-usage',
          '--disable-background-timer-throttling',
          '--disable-renderer-backgrounding',
          '--disable-backgrounding-occluded-windows',
        ],
      },
    }),
  ],
  middleware: [cmsAssets],
  plugins: [mockModelPlugin(), uplotPxRatioPlugin(), cmsPagesPlugin()],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countsReporter()],
};
