import * as E from 'fp-ts/Either';
import { ruleSystems as defaultSystems } from '../../../domain/rules/registry';
import { RuleSystem } from '../../../domain/rules/rule-system';

/**
 * The conformance harness (`ledger rules run-case`, ../shared/rules/README.md): one case
 * `{system, op, options, input}` in → one output out; a list of cases → a list of outputs. A bad case (unknown
 * system, op or option, bad input) is answered with `{"error": {"case", "field", "message"}}` for that case only;
 * the rest of the batch is still answered.
 */
export interface CaseError {
  readonly error: { readonly case: number; readonly field: string; readonly message: string };
}

const caseError = (i: number, field: string, message: string): CaseError => ({ error: { case: i, field, message } });

export const runCase = (c: unknown, i: number, systems: ReadonlyMap<string, RuleSystem> = defaultSystems): unknown => {
  if (typeof c !== 'object' || c === null || Array.isArray(c)) {
    return caseError(i, '', `Case ${i} must be an object {"system", "op", "options", "input"}.`);
  }
  const { system, op, options, input } = c as Record<string, unknown>;
  const sys = typeof system === 'string' ? systems.get(system) : undefined;
  if (sys === undefined) {
    return caseError(i, 'system', `Unknown rule system ${JSON.stringify(system)}; known: ${[...systems.keys()].join(', ')}.`);
  }
  const run = typeof op === 'string' && Object.prototype.hasOwnProperty.call(sys.ops, op) ? sys.ops[op] : undefined;
  if (run === undefined) {
    const ops = Object.keys(sys.ops);
    // the FESA family rates through the official program's files, not harness cases
    if (ops.length === 0) return caseError(i, 'op', `Rule system ${sys.id} has no harness ops; its cases are the official program's files (ledger fesa run DIR).`);
    return caseError(i, 'op', `Rule system ${sys.id} has no op ${JSON.stringify(op)}; its ops: ${ops.join(', ')}.`);
  }
  try {
    const out = run(options, input);
    return E.isLeft(out) ? caseError(i, out.left.field, out.left.message) : out.right;
  } catch (e) {
    // A thrown exception is a defect in a rule system, but it must not take the rest of the batch down with it.
    return caseError(i, '', `Rule system ${sys.id} op ${String(op)} failed on this case: ${e instanceof Error ? e.message : JSON.stringify(e) ?? typeof e}.`);
  }
};

/** JSON text in, JSON text out: a case → an output, an array of cases → an array of outputs. */
export const runCases = (json: string, systems: ReadonlyMap<string, RuleSystem> = defaultSystems): string => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    const message = `The input is not valid JSON (${e instanceof Error ? e.message : String(e)}); expected one case object or a list of cases.`;
    return JSON.stringify({ error: { case: null, field: '', message } });
  }
  return JSON.stringify(Array.isArray(parsed) ? parsed.map((c, i) => runCase(c, i, systems)) : runCase(parsed, 0, systems));
};
