import * as E from 'fp-ts/Either';
import type { RuleSystem } from '../../domain/rules/rule-system';

/** A rule system's harness operations as a test calls them: `ok` throws the RuleError, `err` throws an output. */
export const caseRunner = (system: RuleSystem) => ({
  ok: (name: string, options: unknown, input: unknown): any => {
    const r = system.ops[name]!(options, input);
    if (E.isLeft(r)) throw new Error(`${r.left.field}: ${r.left.message}`);
    return r.right;
  },
  err: (name: string, options: unknown, input: unknown) => {
    const r = system.ops[name]!(options, input);
    if (E.isRight(r)) throw new Error(`expected an error, got ${JSON.stringify(r.right)}`);
    return r.left;
  },
});
