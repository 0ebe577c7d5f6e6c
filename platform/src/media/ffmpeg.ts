import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** The first executable `ffmpeg` in a PATH's folders, if any. */
function onPath(path: string | undefined): string | undefined {
  for (const folder of (path ?? '').split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, 'ffmpeg');
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here; the next folder.
    }
  }
  return undefined;
}

/** The binary `@ffmpeg-installer/ffmpeg` ships inside its npm package for this platform, if any. */
function fromNpmPackage(): string | undefined {
  try {
    // A CommonJS package that throws (a string) on a platform it has no binary for.
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    return existsSync(installer.path) ? installer.path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ffmpeg binary: FFMPEG_PATH when set, else the system's maintained one on the PATH (Debian's
 * `ffmpeg` package; `make test` installs it, the image has it), and only where there is none the
 * 2018 static build `@ffmpeg-installer/ffmpeg` ships in its npm package, so a plain `npm install`
 * still decodes uploads. Uploads are untrusted input: the decoder that gets security fixes goes first.
 */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  return onPath(env.PATH) ?? fromNpmPackage() ?? 'ffmpeg';
}

export class FfmpegFailed extends Error {
  constructor(
    message: string,
    /**
     * `unavailable`: the binary could not be started (the host's fault, not the file's);
     * `timeout`: killed past its time limit; `output`: killed for writing more than expected;
     * `exit`: it ended with an error (the input did not decode).
     */
    readonly reason: 'unavailable' | 'timeout' | 'output' | 'exit',
  ) {
    super(message);
    this.name = 'FfmpegFailed';
  }
}

export interface FfmpegLimits {
  /** Wall-clock time after which ffmpeg is killed. */
  timeoutMs: number;
  /** Bytes of standard output kept; more kills it. */
  maxOutputBytes: number;
  /** Address space it may use (on systems with /bin/sh), so a hostile file cannot take the host's memory. */
  maxMemoryBytes: number;
}

export const DEFAULT_FFMPEG_LIMITS: FfmpegLimits = {
  timeoutMs: 20_000,
  maxOutputBytes: 32 * 1024 * 1024,
  maxMemoryBytes: 2 * 1024 * 1024 * 1024,
};

/** At most this many ffmpeg processes at once per process; the rest wait their turn. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Runs ffmpeg with the arguments and answers its standard output. It reads no standard input, is
 * killed past its time limit or output limit, and runs under a memory and CPU-time limit where a
 * POSIX shell can set one. A non-zero exit is an FfmpegFailed with the last of its error output.
 */
export function runFfmpeg(args: readonly string[], limits: Partial<FfmpegLimits> = {}): Promise<Buffer> {
  const { timeoutMs, maxOutputBytes, maxMemoryBytes } = { ...DEFAULT_FFMPEG_LIMITS, ...limits };
  const binary = ffmpegPath();
  const cpuSeconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  // `exec` keeps the pid ffmpeg's, so the kill below reaches it; a limit the shell cannot set is skipped.
  const [command, argv] = existsSync('/bin/sh')
    ? [
        '/bin/sh',
        [
          '-c',
          `ulimit -v ${Math.floor(maxMemoryBytes / 1024)} 2>/dev/null; ulimit -t ${cpuSeconds} 2>/dev/null; exec "$0" "$@"`,
          binary,
          ...args,
        ],
      ]
    : [binary, [...args]];
  return turn(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
        const output: Buffer[] = [];
        let outputBytes = 0;
        let errors = '';
        let stopped: FfmpegFailed | null = null;
        const stop = (reason: FfmpegFailed) => {
          stopped ??= reason;
          child.kill('SIGKILL');
        };
        const timer = setTimeout(
          () => stop(new FfmpegFailed(`ffmpeg: no answer within ${timeoutMs} ms`, 'timeout')),
          timeoutMs,
        );
        child.stdout.on('data', (chunk: Buffer) => {
          outputBytes += chunk.length;
          if (outputBytes > maxOutputBytes)
            stop(new FfmpegFailed('ffmpeg: more output than expected', 'output'));
          else output.push(chunk);
        });
        child.stderr.on('data', (chunk: Buffer) => {
          errors = (errors + chunk.toString('utf8')).slice(-2000);
        });
        child.on('error', (err) => {
          clearTimeout(timer);
          reject(new FfmpegFailed(`ffmpeg could not be started (${binary}): ${err.message}`, 'unavailable'));
        });
        child.on('close', (code, signal) => {
          clearTimeout(timer);
          if (stopped) reject(stopped);
          else if (code === 0) resolve(Buffer.concat(output));
          // 126 and 127: the shell found nothing it could run at the binary's path.
          else if (command === '/bin/sh' && (code === 126 || code === 127))
            reject(
              new FfmpegFailed(`ffmpeg could not be started (${binary}): ${errors.trim()}`, 'unavailable'),
            );
          else reject(new FfmpegFailed(`ffmpeg exited with ${code ?? signal}: ${errors.trim()}`, 'exit'));
        });
      }),
  );
}
