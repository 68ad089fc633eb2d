import { describe, expect, it } from 'vitest';
import { CONVERSION_RULE_SETS } from '../../../src/app/rules/officer';
import * as E from 'fp-ts/Either';
import { declaredOption as optionHelp } from '../../support/declared-option';
import { commandCatalog } from '../../../src/adapters/cli/commands/catalog';
import { GENERIC_RULE_SETS, genericSystem } from '../../../projections/generic/systems';

/**
 * The help and the usage lines name the registry's rule sets in words of their own, because `ledger --help` must not
 * load the rule sets (0.15 s against 0.7 s a call when it imports them): this test keeps every such list the
 * registry's, so a rule set added to the registry fails here until each place names it. (The server's route table and
 * the OpenAPI enums, which load the rule sets anyway, are made from the registry.)
 */
const named = (text: string | undefined): string[] => [...(text ?? '').matchAll(/[a-z]+(?:-[a-z0-9]+)+|fide/g)].map((m) => m[0]);
const registered = (text: string | undefined): string[] => named(text).filter((id) => GENERIC_RULE_SETS.includes(id));
const usage = (name: string): string => commandCatalog.find((c) => c.name === name)!.usage;

describe('--rules help', () => {
  it('names every rule set the registry has, in its order, for balances and lists', () => {
    expect(registered(optionHelp('player balance', 'rules')?.text)).toEqual([...GENERIC_RULE_SETS]);
    for (const command of ['list', 'list publish']) expect(new Set(registered(optionHelp(command, 'rules')?.text)), command).toEqual(new Set(GENERIC_RULE_SETS));
    expect(new Set(registered(usage('rerate')))).toEqual(new Set(GENERIC_RULE_SETS));
  });

  it('says under which rule sets a balance takes no grade: those whose opening state refuses one', () => {
    const none = /\(none under ([^)]*)\)/.exec(optionHelp('player balance', 'grade')?.text ?? '')?.[1];
    const refuses = (id: string) => {
      const state = genericSystem(id).openingState({ rating: 1500, games: 10, grade: '1 Dan' });
      return E.isLeft(state) && /no grades/.test(state.left);
    };
    expect(new Set(registered(none))).toEqual(new Set(GENERIC_RULE_SETS.filter(refuses)));
  });

  it('names the rule sets with a one-time conversion for `rules convert`', () => {
    expect(registered(optionHelp('rules convert', 'rules')?.text)).toEqual([...CONVERSION_RULE_SETS]);
  });
});
