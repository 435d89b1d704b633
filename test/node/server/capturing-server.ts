import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach } from 'node:test';

/** An HTTP server that reads each request's whole body before handing it on (a fake upstream for relay tests). */
export function createCapturingServer(
  onRequest: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void,
): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => onRequest(req, res, Buffer.concat(chunks).toString('utf8')));
  });
}

/** Starts `server` on a free port of 127.0.0.1; resolves with its origin. */
export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A request the fake upstream received. */
export interface UpstreamRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type UpstreamHandler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

/** The file's fake upstream: its origin, what it received since the test began, and how it answers. */
export interface FakeUpstream {
  url: string;
  requests: UpstreamRequest[];
  handler: UpstreamHandler;
  /** {@link listen}, and closes `server` with the upstream after the file's tests. */
  serve(server: http.Server): Promise<string>;
}

/**
 * Registers the file's hooks: before, a capturing upstream on a free port; before each test, no
 * requests and `defaultHandler` answering; after all, the upstream and every server `serve` started
 * closed.
 */
export function useFakeUpstream(defaultHandler: UpstreamHandler): FakeUpstream {
  const servers: http.Server[] = [];
  const upstream: FakeUpstream = {
    url: '',
    requests: [],
    handler: defaultHandler,
    serve(server) {
      servers.push(server);
      return listen(server);
    },
  };
  before(async () => {
    upstream.url = await upstream.serve(
      createCapturingServer((req, res, body) => {
        upstream.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        upstream.handler(req, res, body);
      }),
    );
  });
  beforeEach(() => {
    upstream.requests = [];
    upstream.handler = defaultHandler;
  });
  after(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(resolveClose));
    }
  });
  return upstream;
}
