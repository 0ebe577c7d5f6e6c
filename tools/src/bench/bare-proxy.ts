import http from 'node:http';
import { Pool } from 'undici';

/**
 * The least a Node proxy can do: node:http in, an undici pool out, no framework, no checks. Run
 * as its own process by the gateway benchmark, it shows the throughput ratio this machine allows
 * any proxy, against which the gateway's own figure reads.
 */
const upstream = process.env.UPSTREAM_URL!;
const pool = new Pool(upstream, { connections: 128, pipelining: 1 });
const hopByHop = ['connection', 'keep-alive', 'transfer-encoding'];

http
  .createServer((req, res) => {
    if (req.url === '/ready') return void res.writeHead(200).end('{"status":"ready"}');
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress };
    delete headers.host;
    delete headers.connection;
    pool.dispatch(
      { path: '/health', method: 'GET', headers },
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
