// Browser tests: the compiled tests (build/test/browser) in Debian's Chromium, with the project's
// mock OpenAI-compatible model started once for the whole run (real HTTP, real SSE).
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { writeFileSync, mkdirSync } from 'node:fs';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Starts the mock model and answers `mock-model-url` server commands with its base URL. */
function mockModelPlugin() {
  let mock = null;
  return {
    name: 'mock-model',
    async serverStart() {
      const { startMockModel } = await import('./build/test/mock-model/index.js');
      mock = await startMockModel({ host: '127.0.0.1', port: 0 });
    },
    async serverStop() {
      await mock?.close();
    },
    async executeCommand({ command }) {
      if (command === 'mock-model-url') return mock.url;
      return undefined;
    },
  };
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
  concurrency: 2,
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
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
      },
    }),
  ],
  plugins: [mockModelPlugin()],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countsReporter()],
};
