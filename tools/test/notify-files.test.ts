import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../src/docs/events';

/** Every TypeScript file of the services' sources, as a repository path. */
function serviceSources(folder = join(ROOT, 'services')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'test'].includes(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return serviceSources(path);
    return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : [];
  });
}

/** Building an event or writing one to the outbox: what only a module's notify.ts does. */
const OUTBOX_WRITE = /\bruntime\.(publish|event)\(/;
const NOTIFY = /^services\/[^/]+\/src\/modules\/[^/]+\/notify\.ts$/;
const ROUTES = /^services\/[^/]+\/src\/modules\/[^/]+\/(.+-)?routes\.ts$/;

const lines = (file: string) =>
  readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .map((text, index) => ({ file, line: index + 1, text }));

describe('where domain events are published (docs/architecture.md#the-module-rule)', () => {
  const files = serviceSources();

  it('when a service builds or publishes a domain event or mail request, then it is in a module notify.ts', () => {
    const writes = files.flatMap(lines).filter(({ text }) => OUTBOX_WRITE.test(text));
    const outside = writes.filter(({ file }) => !NOTIFY.test(file)).map((w) => `${w.file}:${w.line}`);
    expect(outside).toEqual([]);
    // The pattern finds the real writes: every notify.ts publishes.
    const notifyFiles = files.filter((file) => NOTIFY.test(file));
    expect(notifyFiles.length).toBeGreaterThan(10);
    expect(notifyFiles.filter((file) => !writes.some((w) => w.file === file))).toEqual([]);
  });

  it('when a route file calls its service, then no call it makes is named publish', () => {
    const publishing = files
      .filter((file) => ROUTES.test(file))
      .flatMap(lines)
      .filter(({ text }) => /\.publish\(/.test(text))
      .map((w) => `${w.file}:${w.line}`);
    expect(publishing).toEqual([]);
  });
});
