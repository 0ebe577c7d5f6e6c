import http from 'node:http';
import { Pool } from 'undici';

/**
 * The least a Node proxy can do: node:http in, an undici pool out, no framework, no checks. Run
 * as its own process by the benches, it is the machine's ceiling for any proxy, against which the
 * gateway's own figures read. It forwards the path it is asked for (less STRIP_PREFIX, e.g.
 * `/api/v1`, so the gateway's public URLs work unchanged), method, headers and body, so any real
 * route can be measured through it. Its own readiness is at `/__bare/ready`.
 */
const upstream = process.env.UPSTREAM_URL!;
const stripPrefix = process.env.STRIP_PREFIX ?? '';
const pool = new Pool(upstream, { connections: 128, pipelining: 1 });
const hopByHop = ['connection', 'keep-alive', 'transfer-encoding'];

http
  .createServer((req, res) => {
    if (req.url === '/__bare/ready') return void res.writeHead(200).end('{"status":"ready"}');
    const url = req.url ?? '/';
    const path = stripPrefix && url.startsWith(stripPrefix) ? url.slice(stripPrefix.length) || '/' : url;
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress };
    delete headers.host;
    delete headers.connection;
    const method = req.method ?? 'GET';
    pool.dispatch(
      { path, method, headers, body: method === 'GET' || method === 'HEAD' ? null : req },
      {
        onRequestStart() {},
        onResponseStart(_controller, statusCode, upstreamHeaders) {
          for (const name of hopByHop) delete upstreamHeaders[name];
          res.writeHead(statusCode, upstreamHeaders);
        },
        onResponseData(_controller, chunk) {
          res.write(chunk);
        },
        onResponseEnd() {
          res.end();
        },
        onResponseError() {
          if (!res.headersSent) res.writeHead(503);
          res.end();
        },
      },
    );
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
