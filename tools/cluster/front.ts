import http from 'node:http';
import net from 'node:net';

/**
 * A round-robin front for a set of replicas, as a Kubernetes Service is in front of pods: each
 * request (and each WebSocket upgrade) goes to the next backend in turn; a backend that refuses
 * the connection (a killed replica) is skipped for the next one, since nothing was sent to it yet.
 * A request a backend took and then dropped is answered 502, as an edge would: it may have run.
 */
export class RoundRobinFront {
  private server?: http.Server;
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly upgrades = new Set<net.Socket>();
  url = '';

  constructor(
    readonly name: string,
    /** Backends' origins, e.g. http://127.0.0.1:4101; the list may be changed while running. */
    public backends: string[],
  ) {}

  private order(): string[] {
    const start = this.next++ % this.backends.length;
    return [...this.backends.slice(start), ...this.backends.slice(0, start)];
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.forward(req, res));
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket as net.Socket, head));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
    return this.url;
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // The body is read first, so a refused backend can be skipped and the request sent to another.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    for (const backend of this.order()) {
      const sent = await new Promise<'refused' | 'done'>((resolve) => {
        const target = new URL(backend);
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: target.host },
            agent: this.agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
            answer.on('end', () => resolve('done'));
            answer.on('close', () => resolve('done'));
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') return resolve('refused');
          if (!res.headersSent)
            res
              .writeHead(502, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: `${this.name} front: ${err.code ?? err.message}` }));
          else res.destroy();
          resolve('done');
        });
        upstream.end(body);
      });
      if (sent === 'done') return;
    }
    res
      .writeHead(503, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: `${this.name} front: no backend answers` }));
  }

  private upgrade(req: http.IncomingMessage, client: net.Socket, head: Buffer): void {
    const backends = this.order();
    const raw = [
      `${req.method} ${req.url} HTTP/1.1`,
      ...Object.entries(req.headers).flatMap(([k, v]) =>
        (Array.isArray(v) ? v : [v ?? '']).map((value) => `${k}: ${value}`),
      ),
      '',
      '',
    ].join('\r\n');
    const attempt = (i: number) => {
      const backend = backends[i];
      if (!backend) return void client.destroy();
      const target = new URL(backend);
      const upstream = net.connect(Number(target.port), target.hostname);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        this.upgrades.add(upstream).add(client);
        upstream.write(raw);
        if (head.length) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      const drop = () => {
        upstream.destroy();
        client.destroy();
        this.upgrades.delete(upstream);
        this.upgrades.delete(client);
      };
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (!connected && err.code === 'ECONNREFUSED') return attempt(i + 1);
        drop();
      });
      upstream.on('close', () => connected && drop());
      client.on('error', drop).on('close', () => connected && drop());
    };
    attempt(0);
  }

  async stop(): Promise<void> {
    for (const socket of this.upgrades) socket.destroy();
    this.agent.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
