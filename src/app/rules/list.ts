import { ruleSystems as defaultSystems } from '../../../domain/rules/registry';
import { RuleSystem } from '../../../domain/rules/rule-system';

/** `ledger rules list`: every rule system, its ops, options and defaults. */
export interface RuleSystemListing {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly ops: readonly string[];
  readonly options: ReadonlyArray<{ name: string; default: unknown; values: string; description: string }>;
}

export const listRuleSystemsData = (systems: ReadonlyMap<string, RuleSystem> = defaultSystems): RuleSystemListing[] =>
  [...systems.values()].map((s) => ({
    id: s.id, version: s.version, title: s.title, ops: Object.keys(s.ops), options: s.options.map((o) => ({ ...o })),
  }));

export const listRuleSystemsJson = (systems: ReadonlyMap<string, RuleSystem> = defaultSystems): string =>
  JSON.stringify(listRuleSystemsData(systems), null, 2);

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

/** A human-readable table: one block per system, one row per option (name, default, allowed values). */
export const listRuleSystems = (systems: ReadonlyMap<string, RuleSystem> = defaultSystems): string => {
  const lines: string[] = [];
  for (const s of listRuleSystemsData(systems)) {
    lines.push(`${s.id} (version ${s.version}): ${s.title}`);
    // the FESA family has no harness ops: its cases are the program's own files (`ledger fesa run`)
    lines.push(`  ops: ${s.ops.length > 0 ? s.ops.join(', ') : 'none'}`);
    if (s.options.length === 0) lines.push('  options: none');
    const w = Math.max(6, ...s.options.map((o) => o.name.length));
    const dw = Math.max(7, ...s.options.map((o) => JSON.stringify(o.default).length));
    if (s.options.length > 0) lines.push(`  ${pad('option', w)}  ${pad('default', dw)}  values`);
    for (const o of s.options) {
      lines.push(`  ${pad(o.name, w)}  ${pad(JSON.stringify(o.default), dw)}  ${o.values}`);
      lines.push(`  ${' '.repeat(w)}  ${' '.repeat(dw)}  ${o.description}`);
    }
    lines.push('');
  }
  return lines.join('\n');
};
