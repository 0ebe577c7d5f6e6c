import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorOf, ROOT } from '../src/docs/events';

const CODE_FOLDERS = ['proto', 'platform', 'gateway', 'services', 'web/src', 'web/build', 'tools', 'e2e'];
const CITATION = /docs\/([a-z-]+\.md)#([a-z0-9-]+)/g;

function codeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The anchors a document offers: its `<a id>`s and its headings as GitHub links them. */
function anchorsOf(document: string): Set<string> {
  const text = readFileSync(join(ROOT, 'docs', document), 'utf8');
  const ids = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);
  const headings = [...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!.replaceAll('`', '')));
  return new Set([...ids, ...headings]);
}

describe('citations of the design documents', () => {
  it('when code cites docs/<file>.md#<anchor>, then that document has that anchor', () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    let cited = 0;
    for (const folder of CODE_FOLDERS)
      for (const file of codeFiles(join(ROOT, folder)))
        for (const [, document, anchor] of readFileSync(file, 'utf8').matchAll(CITATION)) {
          cited++;
          if (!anchors.has(document!)) {
            try {
              anchors.set(document!, anchorsOf(document!));
            } catch {
              anchors.set(document!, new Set());
            }
          }
          if (!anchors.get(document!)!.has(anchor!))
            broken.push(`${relative(ROOT, file)}: docs/${document}#${anchor}`);
        }
    expect(cited).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  it("when code cites the product, then it cites docs/product.md's anchors, not the specs' section numbers", () => {
    // The specs are not in the repository: a section number tells a newcomer nothing they can open.
    const OLD_CITATION = /\b[Ss]pec [123] §/;
    const old: string[] = [];
    for (const folder of CODE_FOLDERS)
      for (const file of codeFiles(join(ROOT, folder)))
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (OLD_CITATION.test(line)) old.push(`${relative(ROOT, file)}:${index + 1}`);
          });
    expect(old).toEqual([]);
  });
});
