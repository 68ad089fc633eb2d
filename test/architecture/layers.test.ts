import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';

/**
 * The house reads in the flow's order: domain (facts, deciders, rules) -> projections (folds) -> src/app (use cases
 * over the ports) -> src/adapters (stores, file formats, CLI, HTTP). A module may import its own layer and the layers
 * before it, never one after it; the core (domain, projections) imports only fp-ts and io-ts, and the use cases do no
 * I/O. A use case that needs a file format takes it through a port (src/app/ports/list-printer.ts) or takes its
 * parsed shape (src/app/trf-file.ts, src/app/egd-table.ts), which the parsers in src/adapters/formats produce.
 */
const root = path.resolve(__dirname, '../..');
const LAYERS = ['domain', 'projections', 'src/app', 'src/adapters'] as const;
type Layer = (typeof LAYERS)[number];

const layerOf = (file: string): Layer | undefined => [...LAYERS].reverse().find((l) => file === l || file.startsWith(`${l}/`));

const sources = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return sources(rel);
    return d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? [rel] : [];
  });

const importsOf = (file: string): string[] => {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push((m[1] ?? m[2] ?? m[3])!);
  }
  return found;
};

/** What each layer may import from outside the repository (packages and node built-ins). */
const PACKAGES: Record<Layer, (spec: string) => boolean> = {
  domain: (s) => /^(fp-ts|io-ts)(\/|$)/.test(s),
  projections: (s) => /^(fp-ts|io-ts)(\/|$)/.test(s),
  // hashing is pure; files, sockets, processes and databases belong to the adapters
  'src/app': (s) => /^(fp-ts|io-ts)(\/|$)/.test(s) || /^(node:)?crypto$/.test(s),
  'src/adapters': () => true,
};

const violations = (): string[] => {
  const problems: string[] = [];
  for (const file of LAYERS.filter((l) => l !== 'src/adapters').flatMap(sources).concat(sources('src/adapters'))) {
    const layer = layerOf(file)!;
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) {
        if (!PACKAGES[layer](spec)) problems.push(`${file} imports "${spec}", which ${layer} may not use`);
        continue;
      }
      const target = path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec));
      const targetLayer = layerOf(target);
      if (!targetLayer) {
        problems.push(`${file} imports ${target}, outside the layers`);
        continue;
      }
      if (LAYERS.indexOf(targetLayer) > LAYERS.indexOf(layer)) problems.push(`${file} (${layer}) imports ${target} (${targetLayer}), a later layer`);
      // among the adapters: stores and formats know nothing of the CLI or the HTTP API
      if (/^src\/adapters\/(store|formats)\//.test(file) && /^src\/adapters\/(cli|http)\//.test(target)) problems.push(`${file} imports ${target}: stores and formats know nothing of the CLI or HTTP`);
    }
  }
  return problems;
};

describe('layers', () => {
  it('no module imports a later layer, and the core imports only fp-ts and io-ts', () => {
    expect(violations()).toEqual([]);
  });
  it('the check sees a violation (a use case importing the CLI)', () => {
    const probe = path.join(root, 'src/app/__layer-probe.ts');
    fs.writeFileSync(probe, "import { table } from '../adapters/cli/output';\nimport * as fs from 'fs';\nexport const probe = [table, fs];\n");
    try {
      expect(violations()).toEqual([
        'src/app/__layer-probe.ts (src/app) imports src/adapters/cli/output (src/adapters), a later layer',
        'src/app/__layer-probe.ts imports "fs", which src/app may not use',
      ]);
    } finally {
      fs.unlinkSync(probe);
    }
  });
});
