import http from 'node:http';

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
