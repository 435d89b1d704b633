import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Servers that answer like the misconfigured sites of the user study, for the panel's failure messages. */
export interface ErrorServers {
  /** Answers every POST with a large HTML 404 page (CORS allowed, like a same-site CMS 404). */
  readonly htmlUrl: string;
  /** Another origin without CORS headers: the browser refuses the page's request. */
  readonly noCorsUrl: string;
  /** A port nothing listens on: connection refused. */
  readonly refusedUrl: string;
  /**
   * Data files served slowly: `GET <filesUrl>/<NAME>.csv?delay=<ms>&base=<price>` answers 60 daily bars
   * around `base` after `delay` ms (CORS allowed); `?declare=<bytes>` sends that `Content-Length`, the header row
   * and never ends; `GET <filesUrl>/__log` lists each request's fate.
   */
  readonly filesUrl: string;
  /** POST requests each server received (the HTML one counts API calls, the other one every request). */
  counts(): { html: number; noCors: number };
  close(): Promise<void>;
}

/** The HTML 404 page: big, with markup, a script and a style, so a card that renders it is obvious. */
export const HTML_404_PAGE = `<!doctype html><html><head><title>Page not found – My Blog</title>
<style>body { font: 16px serif; } ${'.x { color: red; } '.repeat(200)}</style>
<script>window.__html404Script = true; document.title = 'pwned';</script></head>
<body><h1>Oops! That page can’t be found.</h1><p>It looks like nothing was found at this location. Maybe try a search?</p>
${'<div class="widget"><h2>Recent posts</h2><ul><li><a href="/hello-world">Hello world!</a></li></ul></div>\n'.repeat(400)}
</body></html>`;

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Starts the HTML-404 server, the no-CORS server, and finds a refused port. */
export async function startErrorServers(): Promise<ErrorServers> {
  let html = 0;
  let noCors = 0;
  const files: { path: string; state: 'pending' | 'answered' | 'aborted' }[] = [];
  const htmlServer = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && req.url === '/__counts') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ html, noCors }));
      return;
    }
    if (req.method === 'GET' && req.url?.startsWith('/files/')) {
      serveSlowFile(req, res, files);
      return;
    }
    if (req.method === 'POST') html++;
    req.resume();
    res.writeHead(404, { 'Content-Type': 'text/html; charset=UTF-8' }).end(HTML_404_PAGE);
  });
  const noCorsServer = http.createServer((req, res) => {
    noCors++;
    req.resume();
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"object":"list","data":[]}');
  });
  const htmlPort = await listen(htmlServer);
  const noCorsPort = await listen(noCorsServer);
  const probe = http.createServer();
  const refusedPort = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return {
    htmlUrl: `http://127.0.0.1:${htmlPort}/v1`,
    noCorsUrl: `http://127.0.0.1:${noCorsPort}/v1`,
    refusedUrl: `http://127.0.0.1:${refusedPort}/v1`,
    filesUrl: `http://127.0.0.1:${htmlPort}/files`,
    counts: () => ({ html, noCors }),
    close: async () => {
      for (const server of [htmlServer, noCorsServer]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

/**
 * `GET /files/<NAME>.csv?delay=&base=`: 60 daily bars after `delay` ms; `?declare=<bytes>`: a `Content-Length` of
 * that many bytes, the header row, and no end; `/files/__log`: every request's fate.
 */
function serveSlowFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  log: { path: string; state: 'pending' | 'answered' | 'aborted' }[],
): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/files/__log') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(log));
    return;
  }
  const entry = { path: url.pathname + url.search, state: 'pending' as 'pending' | 'answered' | 'aborted' };
  log.push(entry);
  const declared = url.searchParams.get('declare');
  if (declared !== null) {
    // `?declare=<bytes>`: a file that says it is that long, sends its header row and never ends (a huge file).
    res
      .writeHead(200, { 'Content-Type': 'text/csv', 'Content-Length': declared })
      .write('time,open,high,low,close,volume\n');
    res.on('close', () => {
      if (entry.state === 'pending') entry.state = 'aborted';
    });
    return;
  }
  const base = Number(url.searchParams.get('base') ?? 100);
  const rows = Array.from({ length: 60 }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    const open = base + i;
    return `${day},${open},${open + 2},${open - 1},${open + 1},${1000 + i}`;
  });
  const body = `time,open,high,low,close,volume\n${rows.join('\n')}\n`;
  const timer = setTimeout(
    () => {
      entry.state = 'answered';
      res.writeHead(200, { 'Content-Type': 'text/csv' }).end(body);
    },
    Number(url.searchParams.get('delay') ?? 0),
  );
  res.on('close', () => {
    clearTimeout(timer);
    if (entry.state === 'pending') entry.state = 'aborted';
  });
}
