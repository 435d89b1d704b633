import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * Whether the request's `Host` header names this server, the defence against DNS rebinding (a page on
 * `evil.example` whose name now resolves to 127.0.0.1 is same-origin with itself, not with the relay).
 * Accepted: `localhost`, `127.0.0.1`, `[::1]`, the listen host and the address the connection
 * arrived on, each with the server's port (or bare on port 80), plus every `extraHosts` entry
 * (`name` for any port, `name:port` for that port only).
 */
export function isAllowedHost(
  req: IncomingMessage,
  extraHosts: readonly string[],
  listenHost: string | undefined,
): boolean {
  const host = req.headers.host?.trim().toLowerCase();
  if (!host) return false;
  const split = splitHost(host);
  if (split === undefined) return false;

  for (const entry of extraHosts) {
    const allowed = splitHost(entry);
    if (allowed === undefined || allowed.name !== split.name) continue;
    if (allowed.port === undefined || allowed.port === (split.port ?? '80')) return true;
  }

  const port = String(req.socket.localPort ?? '');
  if ((split.port ?? '80') !== port) return false;
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const local = req.socket.localAddress;
  if (local) names.add(bracketed(local.replace(/^::ffff:(?=\d+\.)/, '')));
  const listen = listenHost?.trim().toLowerCase();
  if (listen && listen !== '0.0.0.0' && listen !== '::') names.add(bracketed(listen));
  return names.has(split.name);
}

function bracketed(address: string): string {
  return isIP(address) === 6 ? `[${address.toLowerCase()}]` : address.toLowerCase();
}

/** `name:port` → parts; `[v6]:port` kept bracketed; undefined for anything malformed. */
function splitHost(host: string): { name: string; port: string | undefined } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/i.exec(host.trim().toLowerCase());
  if (!match?.[1]) return undefined;
  return { name: match[1].replace(/\.$/, ''), port: match[2] };
}
