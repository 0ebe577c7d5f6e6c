import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The lowest port of the kernel's ephemeral range: the local ports outgoing connections (a pool's
 * connections to PostgreSQL, say) and `listen(0)` draw from. 32768 on Linux unless configured.
 */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > 2048 ? port : 32768;
  } catch {
    return 32768;
  }
}

/** Whether nothing listens on, or is bound to, the port on the loopback interface right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** How long a port handed out stays promised to its taker: ample for a stack to start listening. */
const RESERVATION_MS = 120_000;
const reservations = join(tmpdir(), 'linksmate-ports');

/**
 * Promises the port to this process, machine-wide: two runs starting at once (the browser tier's two
 * `make run`s) each pick ports a while before they listen on them, and must never pick the same one.
 * The promise is a file created exclusively; one older than RESERVATION_MS is taken over.
 */
function reserve(port: number): boolean {
  const file = join(reservations, String(port));
  try {
    mkdirSync(reservations, { recursive: true });
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return true; // no shared folder: as before
    try {
      if (Date.now() - statSync(file).mtimeMs < RESERVATION_MS) return false;
      unlinkSync(file);
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      return false; // another process took it over first
    }
  }
}

/**
 * A port free on the loopback interface, for a server to listen on a moment later, promised to no
 * other process for the next two minutes. Picked below the
 * ephemeral range: a port the kernel handed out for `listen(0)` and took back is soon handed to an
 * outgoing connection as its local port, and the server's listen then fails with EADDRINUSE (seen
 * when a stack opened its database pools between picking its services' ports and starting them).
 */
export async function freePort(): Promise<number> {
  const high = ephemeralLow() - 1;
  const low = Math.max(1024, high - 12_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if ((await isFree(port)) && reserve(port)) return port;
  }
  // A crowded range: let the kernel choose, as before.
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
