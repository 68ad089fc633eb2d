import * as E from 'fp-ts/Either';
import type { RuleSystem } from '../../domain/rules/rule-system';

/** A rule system's harness operations as a test calls them: `ok` throws the RuleError, `err` throws an output. */
export const caseRunner = (system: RuleSystem) => {
  const operation = (name: string): NonNullable<RuleSystem['ops'][string]> => {
    const op = system.ops[name];
    if (op === undefined) throw new Error(`rule system ${system.id} has no operation "${name}" (it has ${Object.keys(system.ops).join(', ')})`);
    return op;
  };
  return {
    ok: (name: string, options: unknown, input: unknown): any => {
      const r = operation(name)(options, input);
      if (E.isLeft(r)) throw new Error(`${r.left.field}: ${r.left.message}`);
      return r.right;
    },
    err: (name: string, options: unknown, input: unknown) => {
      const r = operation(name)(options, input);
      if (E.isRight(r)) throw new Error(`expected an error, got ${JSON.stringify(r.right)}`);
      return r.left;
    },
  };
};
