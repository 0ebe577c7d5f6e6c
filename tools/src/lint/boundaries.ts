import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import rules that keep the code base's shape (README "How the pieces fit"), checked on every
 * `npm run lint`. Imports are read from the source text and resolved to repository paths, so a
 * rule speaks of folders, not of how an import happens to be spelled.
 *
 * (Biome's restricted imports match the spelling, not the resolved path; dependency-cruiser needs the
 * TypeScript compiler API, which TypeScript 7 no longer ships.)
 */

export interface Violation {
  file: string;
  line: number;
  rule: string;
  message: string;
  specifier: string;
}

/** Where an import leads: a repository path (`proto/src/index.ts`) or an outside package (`pkg:pg`). */
type Target = string;

interface Rule {
  name: string;
  message: string;
  /** Whether an import from `file` to `target` breaks the rule. */
  breaks(file: string, target: Target): boolean;
}

/** A module's repository: `repository.ts`, and the `repository-<part>.ts` files it is split into. */
const REPOSITORY = /\/modules\/[^/]+\/repository(-[a-z-]+)?\.ts$/;

const SERVICE = /^services\/([^/]+)\//;
const MODULE = /^services\/([^/]+)\/src\/modules\/([^/]+)\//;
const FEATURE = /^web\/src\/features\/([^/]+)\//;
const ENTITY = /^web\/src\/entities\/([^/]+)\//;
/** Two files in different slices of one web layer (two features, two entities). */
const crossesSlices = (slice: RegExp, file: string, target: string) => {
  const from = slice.exec(file)?.[1];
  const to = slice.exec(target)?.[1];
  return !!from && !!to && from !== to;
};
/**
 * The web's layers, lowest first (docs/architecture.md#web-layers): a file imports its own layer
 * and those below it. Entities hold what two features need of one thing (a call, its dialog).
 */
const WEB_LAYERS: RegExp[] = [
  /^web\/src\/(lib|components)\//,
  /^web\/src\/entities\//,
  /^web\/src\/features\//,
  /^web\/src\/app\//,
];
const webLayer = (path: string) => {
  const at = WEB_LAYERS.findIndex((layer) => layer.test(path));
  return at < 0 ? undefined : at;
};
const isPackage = (target: Target, ...names: string[]) =>
  names.some((name) => target === `pkg:${name}` || target.startsWith(`pkg:${name}/`));
const DATABASE_PACKAGES = ['drizzle-orm', 'pg'];
/** What each layer may import of ours: nothing upward, nothing sideways. */
const LAYERS: Array<{ from: RegExp; may: RegExp }> = [
  { from: /^proto\//, may: /^proto\// },
  { from: /^platform\//, may: /^(platform|proto)\// },
  { from: /^gateway\//, may: /^(gateway|platform|proto)\// },
  { from: /^services\/[^/]+\/src\//, may: /^(services|platform|proto)\// },
  { from: /^web\//, may: /^(web|proto)\// },
];

export const RULES: Rule[] = [
  {
    name: 'web-feature-isolation',
    message:
      'a feature must not import another feature: compose them in web/src/app, share a call in web/src/entities',
    breaks: (file, target) => crossesSlices(FEATURE, file, target),
  },
  {
    name: 'web-entity-isolation',
    message: 'an entity must not import another entity: each holds the shared calls of one thing',
    breaks: (file, target) => crossesSlices(ENTITY, file, target),
  },
  {
    name: 'web-shared-layers',
    message:
      'the web imports downward only: app → features → entities → lib and components (lib and components serve all)',
    breaks: (file, target) => {
      const from = webLayer(file);
      const to = webLayer(target);
      return from !== undefined && to !== undefined && to > from;
    },
  },
  {
    name: 'routes-no-database',
    message: 'routes.ts declares schemas and wires the service: no database, no repository',
    breaks: (file, target) =>
      /^services\/[^/]+\/src\/modules\/[^/]+\/routes\.ts$/.test(file) &&
      (isPackage(target, ...DATABASE_PACKAGES) ||
        /^services\/[^/]+\/src\/db\//.test(target) ||
        REPOSITORY.test(target)),
  },
  {
    name: 'queries-in-repositories',
    message:
      'only a module repository.ts or repository-<part>.ts (and src/db) may use the database libraries',
    breaks: (file, target) =>
      /^services\/[^/]+\/src\//.test(file) &&
      !/^services\/[^/]+\/src\/(db\/|modules\/[^/]+\/repository(-[a-z-]+)?\.ts$)/.test(file) &&
      isPackage(target, ...DATABASE_PACKAGES),
  },
  {
    name: 'module-boundaries',
    message: "modules reach each other through service.ts only (never another module's repository)",
    breaks: (file, target) => {
      const from = MODULE.exec(file);
      const to = MODULE.exec(target);
      return !!from && !!to && from[1] === to[1] && from[2] !== to[2] && !target.endsWith('/service.ts');
    },
  },
  {
    name: 'consumers-and-jobs-use-services',
    message: 'consumers and jobs call module services, not repositories or routes',
    breaks: (file, target) =>
      /^services\/[^/]+\/src\/(consumers|jobs)\//.test(file) &&
      !!MODULE.exec(target) &&
      !target.endsWith('/service.ts'),
  },
  {
    name: 'service-isolation',
    message: "a service must not import another service's package: talk through events or /internal calls",
    breaks: (file, target) => {
      const from = SERVICE.exec(file)?.[1];
      const to = SERVICE.exec(target)?.[1];
      return !!from && !!to && from !== to;
    },
  },
  {
    name: 'layering',
    message: 'proto ← platform ← gateway and services; the web uses proto only',
    breaks: (file, target) => {
      if (target.startsWith('pkg:')) return false;
      const layer = LAYERS.find((l) => l.from.test(file));
      return !!layer && !layer.may.test(target);
    },
  },
];

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', '.artifacts', 'migrations', '.git']);
const STATIC_IMPORT = /^\s*(?:import|export)(?:\s+type)?\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(root: string, dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) sourceFiles(root, path, out);
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

/** Our workspace packages by name, with their folders relative to the root. */
function workspacePackages(root: string): Map<string, string> {
  const packages = new Map<string, string>();
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
  for (const folder of manifest.workspaces ?? []) {
    const file = join(root, folder, 'package.json');
    if (existsSync(file))
      packages.set((JSON.parse(readFileSync(file, 'utf8')) as { name: string }).name, folder);
  }
  return packages;
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

function resolveImport(root: string, file: string, specifier: string, packages: Map<string, string>): Target {
  if (specifier.startsWith('.')) {
    const base = resolve(root, dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      isFile,
    );
    return relative(root, found ?? base);
  }
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const folder = packages.get(name);
  if (!folder) return `pkg:${specifier}`;
  const subpath = specifier.slice(name.length).replace(/^\//, '');
  return subpath ? `${folder}/src/${subpath}` : `${folder}/src/index.ts`;
}

/** Every import in the repository at `root` that breaks a rule. */
export function checkBoundaries(root: string): Violation[] {
  const packages = workspacePackages(root);
  const violations: Violation[] = [];
  const folders = readdirSync(root).filter(
    (d) => !SKIPPED_DIRS.has(d) && statSync(join(root, d)).isDirectory(),
  );
  for (const file of folders.flatMap((folder) => sourceFiles(root, folder))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
      for (const match of text.matchAll(pattern)) {
        const specifier = match[1]!;
        const target = resolveImport(root, file, specifier, packages);
        for (const rule of RULES) {
          if (!rule.breaks(file, target)) continue;
          const line = text.slice(0, match.index).split('\n').length;
          violations.push({ file, line, rule: rule.name, message: rule.message, specifier });
        }
      }
    }
  }
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 ? resolve(process.argv[rootArg + 1]!) : resolve(import.meta.dirname, '../../..');
  const violations = checkBoundaries(root);
  for (const v of violations)
    console.error(`${v.file}:${v.line}  ${v.rule}: imports '${v.specifier}' — ${v.message}`);
  if (violations.length) {
    console.error(`\n${violations.length} import(s) cross a boundary.`);
    process.exit(1);
  }
  console.log('Import boundaries: all respected.');
}
