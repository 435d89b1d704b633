import http from 'node:http';
import { createRelayHandler } from './create-relay-handler.js';
import { staticMountsFor } from './resolve-static-path.js';
import { sendRelayError } from './send-relay-error.js';
import { sendText } from './send-text.js';
import { serveStatic } from './serve-static.js';
import type { ServerOptions } from './server-options.js';

/**
 * Creates the demo server (not yet listening): static files (`demo/` at `/` and `/demo/`, `dist/` at
 * `/dist/`) and the model relay at `/v1/chat/completions` and `/v1/models`.
 *
 * @example
 * const server = createServer({ rootDir: '/path/to/repo', env: process.env });
 * server.listen(8080, '127.0.0.1');
 */
export function createServer(options: ServerOptions): http.Server {
  const mounts = staticMountsFor(options.rootDir, options.serveNodeModules ?? false);
  const relay = createRelayHandler(options);

  return http.createServer((req, res) => {
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.search(/[?#]/);
    const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    const isRelay = pathname === '/v1' || pathname.startsWith('/v1/');
    const handled = isRelay ? relay(req, res, pathname) : serveStatic(req, res, mounts);
    handled.catch(() => {
      // Never echo internals (paths, upstream details) to the client.
      if (res.headersSent) res.destroy();
      else if (isRelay) sendRelayError(res, 500, 'internal_error', 'Internal server error.');
      else sendText(res, 500, 'Internal server error');
    });
  });
}
