import { RULE_SETS } from './registry';

/** The FESA family: the official program's rules and the variant its published lists follow (projections/fesa). */
export const FESA_RULE_SET_IDS = ['fesa', 'fesa-published'] as const;
export type FesaRuleSetId = (typeof FESA_RULE_SET_IDS)[number];

/** A list rated under the rule set in force for each tournament (RuleSetAdopted), rather than one forced on all. */
export const AS_ADOPTED = 'as-adopted';

/** Every rule set a tournament can be rated under or the officers can adopt: the FESA family and the registry's. */
export const RULE_SET_IDS: readonly string[] = RULE_SETS.ids;

/** What a published list may be rated under: the FESA lists, and the list of any other rule set the ledger knows. */
export const PUBLISHABLE_RULE_SETS: readonly string[] = [AS_ADOPTED, ...RULE_SET_IDS];

/** The official program's files, which only a FESA list is written as. */
export const PROGRAM_FILE_FORMATS: readonly string[] = ['fesa', 'fesa-all'];

/**
 * The formats a list is published in, each written by the ledger itself so that `verify` can write it again and
 * compare its hash: the program's two files (`fesa`, `fesa-all`) and the ledger's table, CSV and JSON.
 */
export const LIST_FORMAT_IDS = ['fesa', 'fesa-all', 'table', 'csv', 'json'] as const;
