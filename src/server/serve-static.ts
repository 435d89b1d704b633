import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { contentTypeFor } from './content-type-for.js';
import { resolveStaticPath, type StaticMount } from './resolve-static-path.js';
import { COMMON_SECURITY_HEADERS } from './security-headers.js';
import { sendText } from './send-text.js';

/** Options of {@link serveStatic}. */
export interface ServeStaticOptions {
  /** Serve `*.map` files; default false (404), so source maps do not publish the sources. */
  sourceMaps?: boolean;
}

/**
 * Serves a file from the static mounts (GET/HEAD only), `index.html` for directories, a plain-text
 * 404 otherwise. The CSP is set by the server on every response.
 */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  mounts: readonly StaticMount[],
  options: ServeStaticOptions = {},
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    return;
  }
  const rawUrl = req.url ?? '/';
  const queryAt = rawUrl.search(/[?#]/);
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : rawUrl.slice(queryAt);

  const resolution = resolveStaticPath(rawPath, mounts);
  switch (resolution.kind) {
    case 'bad-request':
      sendText(res, 400, 'Bad request');
      return;
    case 'not-found':
      sendText(res, 404, 'Not found');
      return;
    case 'redirect':
      sendText(res, 301, 'Moved permanently', { Location: resolution.location + query });
      return;
    case 'file':
      break;
  }

  let filePath = resolution.filePath;
  let info = await statOrNull(filePath);
  if (info?.isDirectory()) {
    if (!rawPath.endsWith('/')) {
      // Relative URLs inside the page resolve against the directory only with the trailing slash.
      sendText(res, 301, 'Moved permanently', { Location: `${rawPath}/${query}` });
      return;
    }
    filePath = join(filePath, 'index.html');
    info = await statOrNull(filePath);
  }
  if (!info?.isFile() || !(await staysInside(filePath, resolution.mount))) {
    sendText(res, 404, 'Not found');
    return;
  }

  if (!options.sourceMaps && /\.map$/i.test(filePath)) {
    sendText(res, 404, 'Not found');
    return;
  }
  const contentType = contentTypeFor(filePath);
  res.writeHead(200, {
    ...COMMON_SECURITY_HEADERS,
    'Content-Type': contentType,
    'Content-Length': String(info.size),
    // A development server: always revalidate so a rebuild shows up on reload.
    'Cache-Control': 'no-cache',
    'Last-Modified': info.mtime.toUTCString(),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(filePath);
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

async function statOrNull(filePath: string): Promise<Awaited<ReturnType<typeof stat>> | null> {
  try {
    return await stat(filePath);
  } catch {
    return null;
  }
}

/** A symlink inside a served folder must not expose a file outside it. */
async function staysInside(filePath: string, mount: StaticMount): Promise<boolean> {
  try {
    const [realFile, realDir] = await Promise.all([realpath(filePath), realpath(mount.dir)]);
    return realFile.startsWith(realDir + sep);
  } catch {
    return false;
  }
}
