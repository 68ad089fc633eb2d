import { describe, expect, it } from 'vitest';
import { CONVERSION_RULE_SETS } from '../../../src/app/rules/officer';
import { optionHelp } from '../../../src/adapters/cli/option-help';
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';

/**
 * The help names the registry's rule sets in words of its own, because `ledger --help` must not load the rule sets
 * (0.15 s against 0.7 s a call when it imports them): this keeps those words the registry's.
 */
const named = (text: string | undefined): string[] => [...(text ?? '').matchAll(/[a-z]+(?:-[a-z0-9]+)+|fide/g)].map((m) => m[0]);

describe('--rules help', () => {
  it('names every rule set the registry has, in its order, for balances and lists', () => {
    expect(named(optionHelp('player balance', 'rules')?.text).filter((id) => GENERIC_RULE_SETS.includes(id))).toEqual([...GENERIC_RULE_SETS]);
  });

  it('names the rule sets with a one-time conversion for `rules convert`', () => {
    expect(named(optionHelp('rules convert', 'rules')?.text).filter((id) => GENERIC_RULE_SETS.includes(id))).toEqual([...CONVERSION_RULE_SETS]);
  });
});
