import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startMockModel } from './mock-model-server.js';
import type { MockStep } from './mock-step.js';

// Manual use: `node build/test/mock-model/main.js --port 8090 [--host 127.0.0.1] [--script steps.json]`,
// then point the demo at it with OPENAI_BASE_URL=http://127.0.0.1:8090/v1.
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8090' },
    host: { type: 'string', default: '127.0.0.1' },
    script: { type: 'string' },
  },
});

const port = Number.parseInt(values.port ?? '8090', 10);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port ${values.port ?? ''}`);
  process.exit(2);
}
const mock = await startMockModel({ port, host: values.host });
if (values.script) {
  const steps: unknown = JSON.parse(await readFile(values.script, 'utf8'));
  if (!Array.isArray(steps)) throw new Error(`${values.script} must hold a JSON array of steps`);
  mock.script(steps as MockStep[]);
}
console.log(`mock model: ${mock.url}  (script: POST ${mock.url.replace(/\/v1$/, '')}/__mock/script)`);

const stop = (): void => {
  void mock.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
