import { resolve, sep } from 'node:path';

/** A URL prefix served from a directory. */
export interface StaticMount {
  /** URL prefix ending in `/`, e.g. `/dist/`. */
  prefix: string;
  /** Absolute directory served under the prefix. */
  dir: string;
}

/** Outcome of mapping a request path onto the static mounts. */
export type StaticPathResolution =
  | { kind: 'file'; filePath: string; mount: StaticMount }
  | { kind: 'redirect'; location: string }
  | { kind: 'bad-request' }
  | { kind: 'not-found' };

/**
 * The mounts of the demo server, most specific first: `dist/` at `/dist/`, optionally `node_modules/`
 * at `/node_modules/`, and `demo/` both at `/demo/` and at `/`.
 */
export function staticMountsFor(rootDir: string, serveNodeModules: boolean): StaticMount[] {
  const root = resolve(rootDir);
  const mounts: StaticMount[] = [{ prefix: '/dist/', dir: resolve(root, 'dist') }];
  if (serveNodeModules) mounts.push({ prefix: '/node_modules/', dir: resolve(root, 'node_modules') });
  mounts.push({ prefix: '/demo/', dir: resolve(root, 'demo') }, { prefix: '/', dir: resolve(root, 'demo') });
  return mounts;
}

/**
 * Maps the raw request path (no query) onto a file under one of the mounts, refusing anything that
 * could leave the mount: `..` segments (plain or percent-encoded), backslashes, NUL bytes,
 * protocol-relative `//` paths and absolute-form targets are a bad request; dot-files are not found.
 * The caller must still check symlinks with `realpath` (see `serveStatic`).
 */
export function resolveStaticPath(rawPath: string, mounts: readonly StaticMount[]): StaticPathResolution {
  // `//host/x` would turn a directory redirect into a protocol-relative (off-site) Location.
  if (!rawPath.startsWith('/') || rawPath.startsWith('//')) return { kind: 'bad-request' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'bad-request' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'bad-request' };
  const allSegments = decoded.split('/');
  if (allSegments.some((segment) => segment === '..' || segment === '.')) return { kind: 'bad-request' };

  for (const mount of mounts) {
    const bare = mount.prefix.slice(0, -1);
    if (bare !== '' && decoded === bare) return { kind: 'redirect', location: `${rawPath}/` };
    if (!decoded.startsWith(mount.prefix)) continue;
    const segments = decoded
      .slice(mount.prefix.length)
      .split('/')
      .filter((segment) => segment !== '');
    if (segments.some((segment) => segment.startsWith('.'))) return { kind: 'not-found' };
    const filePath = resolve(mount.dir, ...segments);
    if (filePath !== mount.dir && !filePath.startsWith(mount.dir + sep)) return { kind: 'bad-request' };
    return { kind: 'file', filePath, mount };
  }
  return { kind: 'not-found' };
}
