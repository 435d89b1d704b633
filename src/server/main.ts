import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from './create-server.js';
import { MODEL_NOT_CONFIGURED_MESSAGE, resolveRelayConfig } from './resolve-relay-config.js';

// Compiled to build/src/server/main.js: the repository root is three levels up.
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const parsedPort = Number.parseInt(process.env.PORT ?? '', 10);
// PORT=0 asks the OS for a free port (used by the tests); anything unparsable falls back to 8080.
const port = Number.isInteger(parsedPort) && parsedPort >= 0 && parsedPort <= 65535 ? parsedPort : 8080;
// Listening on every interface would expose the relay (and the key behind it) to the network.
const host = process.env.HOST?.trim() || '127.0.0.1';

const env = {
  OPENAI_API_KEY: process.env.OPENAI_API_KEY,
  OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
  OPENAI_MODEL: process.env.OPENAI_MODEL,
  RELAY_MODELS: process.env.RELAY_MODELS,
  RELAY_ALLOWED_ORIGINS: process.env.RELAY_ALLOWED_ORIGINS,
  RELAY_ALLOWED_HOSTS: process.env.RELAY_ALLOWED_HOSTS,
  RELAY_MAX_TOKENS: process.env.RELAY_MAX_TOKENS,
  RELAY_SOURCE_MAPS: process.env.RELAY_SOURCE_MAPS,
};
const config = resolveRelayConfig(env);
const server = createServer({
  rootDir,
  env,
  listenHost: host,
  log: process.env.RELAY_LOG === '0' ? undefined : (line) => console.log(`[relay] ${line}`),
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is already in use; set PORT to another port.`
      : `Server error: ${error.message}`,
  );
  process.exit(1);
});

server.listen(port, host, () => {
  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  const shownHost = host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(
    `kline-chart-agent demo: http://${shownHost}:${boundPort}  (model: ${config.configured ? 'configured' : 'not configured'})`,
  );
  if (config.configured) {
    const model = config.defaultModel ? `, default model ${config.defaultModel}` : '';
    console.log(`relay → ${config.displayBaseUrl}${model}`);
  } else {
    console.log(MODEL_NOT_CONFIGURED_MESSAGE);
  }
  if (config.allowedOrigins.size > 0)
    console.log(`relay also answers pages of ${[...config.allowedOrigins].join(', ')}`);
  for (const warning of config.warnings) console.warn(`warning: ${warning}`);
  startFrameServer(boundPort, shownHost);
});

/**
 * The frames demo (demo/frames.html) shows a chart served from another origin: these same files on
 * the next port (or `FRAME_PORT`), whose pages this server's pages may frame. Without it the demo's
 * "Frames" page showed a broken frame after `npm start`. `FRAME_PORT=off` turns it off; with `PORT=0`
 * it starts only when `FRAME_PORT` is given (`0`: any free port).
 */
let frameServer: ReturnType<typeof createServer> | null = null;
function startFrameServer(mainPort: number, shownHost: string): void {
  const given = process.env.FRAME_PORT?.trim();
  if (given === 'off' || (port === 0 && !given)) return;
  const parsed = given ? Number.parseInt(given, 10) : mainPort + 1;
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    console.warn(`warning: FRAME_PORT "${given}" is not a port; the frames demo has no second origin.`);
    return;
  }
  const parents = [`http://localhost:${mainPort}`, `http://127.0.0.1:${mainPort}`];
  const extra = env.RELAY_ALLOWED_ORIGINS ? `${env.RELAY_ALLOWED_ORIGINS},` : '';
  const frames = createServer({
    rootDir,
    env: { ...env, RELAY_ALLOWED_ORIGINS: extra + parents.join(',') },
    listenHost: host,
  });
  frames.on('error', (error: NodeJS.ErrnoException) => {
    frameServer = null;
    console.warn(
      `warning: the frames demo's second origin could not start on port ${parsed} (${error.code ?? error.message}); ` +
        'open demo/frames.html with ?frame=<url of frame-chart.html> instead.',
    );
  });
  frames.listen(parsed, host, () => {
    const address = frames.address();
    const bound = typeof address === 'object' && address !== null ? address.port : parsed;
    console.log(`frames demo: the framed chart is served from http://${shownHost}:${bound}`);
  });
  frameServer = frames;
}

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    // A second Ctrl+C means "now".
    process.exit(130);
  }
  stopping = true;
  console.log(`${signal} received, closing…`);
  frameServer?.close();
  frameServer?.closeAllConnections();
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Open model streams would keep close() waiting; cut them after a grace period.
  setTimeout(() => server.closeAllConnections(), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
