import http from 'node:http';
import { isAllowedHost } from './check-host.js';
import { createRelayHandler } from './create-relay-handler.js';
import { resolveRelayConfig } from './resolve-relay-config.js';
import { staticMountsFor } from './resolve-static-path.js';
import { COMMON_SECURITY_HEADERS, contentSecurityPolicy } from './security-headers.js';
import { sendRelayError } from './send-relay-error.js';
import { sendText } from './send-text.js';
import { serveStatic } from './serve-static.js';
import { DEFAULT_TIMEOUTS, type ServerOptions } from './server-options.js';

/**
 * Creates the demo server (not yet listening): static files (`demo/` at `/` and `/demo/`, `dist/` at
 * `/dist/`) and the model relay at `/v1/chat/completions` and `/v1/models`. Every response carries the
 * CSP (with `frame-ancestors`), `X-Frame-Options`, `nosniff` and `no-referrer`; a `Host` the server was
 * not started for is refused with 421 (DNS rebinding); slow clients are cut off by the timeouts.
 *
 * @example
 * const server = createServer({ rootDir: '/path/to/repo', env: process.env });
 * server.listen(8080, '127.0.0.1');
 */
export function createServer(options: ServerOptions): http.Server {
  const config = resolveRelayConfig(options.env);
  const mounts = staticMountsFor(options.rootDir, options.serveNodeModules ?? false);
  const relay = createRelayHandler(options);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const headers: Record<string, string> = {
    ...COMMON_SECURITY_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(config.allowedOrigins),
  };

  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: Math.max(timeouts.requestMs, timeouts.headersMs),
      // Node checks both timeouts on this interval (default 30 s, which would stretch them).
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeouts.headersMs / 2))),
    },
    (req, res) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      const rawUrl = req.url ?? '/';
      const queryAt = rawUrl.search(/[?#]/);
      const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
      const isRelay = pathname === '/v1' || pathname.startsWith('/v1/');
      if (!isAllowedHost(req, config.allowedHosts, options.listenHost)) {
        const message = `This server does not answer for the host ${JSON.stringify((req.headers.host ?? '').slice(0, 100))}. Add the name to RELAY_ALLOWED_HOSTS if it is yours (for example behind a reverse proxy).`;
        if (isRelay) sendRelayError(res, 421, 'host_not_allowed', message, { Connection: 'close' });
        else sendText(res, 421, message, { Connection: 'close' });
        return;
      }
      const handled = isRelay
        ? relay(req, res, pathname)
        : serveStatic(req, res, mounts, { sourceMaps: config.sourceMaps });
      handled.catch(() => {
        // Never echo internals (paths, upstream details) to the client.
        if (res.headersSent) res.destroy();
        else if (isRelay) sendRelayError(res, 500, 'internal_error', 'Internal server error.');
        else sendText(res, 500, 'Internal server error');
      });
    },
  );
  return server;
}
