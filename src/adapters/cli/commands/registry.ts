import type { CliCommand } from '../context';
import { fesaCommands } from './fesa';
import { historyCommands } from './history';
import { ruleAndStoreCommands } from './rules';
import { rulesetCommands } from './rulesets';
import { careerCommands } from './career';
import { tournamentCommands } from './tournament';
import { officerCommands } from './officers';
import { playerCommands } from './player';

/** Commands of the other features (FESA, history, rules, stores, officers, players). */
export const extraCommands: readonly CliCommand[] = [...fesaCommands, ...historyCommands, ...ruleAndStoreCommands, ...rulesetCommands, ...careerCommands, ...tournamentCommands, ...officerCommands, ...playerCommands];
