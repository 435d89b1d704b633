/**
 * Tiny static file server for the bench pages: serves the repo root on 127.0.0.1 (random port)
 * so pages can load /node_modules/..., /dist/... and /bench/pages/... by absolute path.
 */
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * @param {string} root absolute directory to serve
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function startStaticServer(root) {
  const base = normalize(root + sep);
  const server = createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = normalize(join(base, pathname));
      // Refuse anything that escapes the root (../, encoded or not).
      if (!file.startsWith(base)) throw Object.assign(new Error('forbidden'), { status: 403 });
      const info = await stat(file);
      if (!info.isFile()) throw Object.assign(new Error('not a file'), { status: 404 });
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-store',
      });
      createReadStream(file).pipe(res);
    } catch (error) {
      const status = error?.status ?? (error?.code === 'ENOENT' ? 404 : 500);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
