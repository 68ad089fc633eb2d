import * as E from 'fp-ts/Either';
import { OptionDoc } from '../rule-system';
import { Decoded, fail, isRecord, show } from './decode';

/** An option as data: its documentation (for `ledger rules list`) and the values it accepts. */
export interface OptionSpec {
  readonly doc: OptionDoc;
  /** Undefined when `value` is acceptable, else what was expected. */
  readonly reject: (value: unknown) => string | undefined;
}

export const enumOption = (name: string, values: readonly string[], def: string, description: string): OptionSpec => ({
  doc: { name, default: def, values: values.map((v) => `"${v}"`).join(' | '), description },
  reject: (v) => (typeof v === 'string' && values.includes(v) ? undefined : `one of ${values.map((x) => `"${x}"`).join(', ')}`),
});

export const booleanOption = (name: string, def: boolean, description: string): OptionSpec => ({
  doc: { name, default: def, values: 'true | false', description },
  reject: (v) => (typeof v === 'boolean' ? undefined : 'true or false'),
});

/**
 * A case's `options`: absent or `{}` means all defaults; an unknown key is an error naming it (a misspelt option must
 * never silently fall back to its default); a known key with a bad value is an error naming the allowed values.
 */
export const decodeOptions = <O>(systemId: string, specs: readonly OptionSpec[], raw: unknown): Decoded<O> => {
  if (raw === undefined || raw === null) raw = {};
  if (!isRecord(raw)) return fail('options', `options must be an object; got ${show(raw)}.`);
  const out: Record<string, unknown> = {};
  for (const s of specs) out[s.doc.name] = s.doc.default;
  for (const [k, v] of Object.entries(raw)) {
    const spec = specs.find((s) => s.doc.name === k);
    if (spec === undefined) {
      const known = specs.map((s) => s.doc.name).join(', ') || 'none';
      return fail(`options.${k}`, `Unknown option "${k}" for rule system ${systemId}; known options: ${known}.`);
    }
    const expected = spec.reject(v);
    if (expected !== undefined) return fail(`options.${k}`, `options.${k} must be ${expected}; got ${show(v)}.`);
    out[k] = v;
  }
  return E.right(out as O);
};

export const docsOf = (specs: readonly OptionSpec[]): readonly OptionDoc[] => specs.map((s) => s.doc);
