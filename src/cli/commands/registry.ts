import type { CliCommand } from '../context';

/** Commands of the other features (FESA, history, rules, stores) are registered here. */
export const extraCommands: readonly CliCommand[] = [];
