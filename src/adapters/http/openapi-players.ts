/** The routes of the players and the tournaments: directories, careers, explanations, cross tables. */
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';
import { badParameter, common, int, needsToken, okOrPage, pageProblems, pathParam, problemOrPage, publicRoute, query, ref, str } from './openapi-schema';

const playerRules = query('rules', { type: 'string', enum: ['fesa', 'fesa-published', ...GENERIC_RULE_SETS] }, 'fesa or fesa-published: fold the FESA career under this FESA rule set (default: each tournament under the rule set adopted for it). Any other: the FESA career as adopted, and that rule set\'s record first in ruleSets (on the page, its section first).');

const tournamentRules = query('rules', { type: 'string', enum: ['fesa', 'fesa-published', ...GENERIC_RULE_SETS] }, 'fesa or fesa-published: the cross table folded under this FESA rule set (default: each tournament under the rule set adopted for it). Any other: the tournament\'s standings and ratings with every tournament of the ledger rated under it (RatedTournamentUnder, as `ledger tournament show T --rules S --json`; not with format=fesa-html).');
const careerRules = query('rules', { type: 'string', enum: ['fesa', 'fesa-published', ...GENERIC_RULE_SETS] }, 'fesa or fesa-published: the FESA career folded under this FESA rule set (default: each tournament under the rule set adopted for it). Any other: his tournaments rated under that rule set. Without it, a player FESA never rated is answered under the first rule set he is rated under (in the order of PlayerRecord.ruleSets), the others named in a Link header.');

/** The header an answer under one of several rule sets carries: the URL of each other rule set's answer. */
const alternateLinks = {
  Link: {
    description: 'Where the answer is under one of several rule sets the player is rated under (asked without rules, FESA never rated him): `</players/{id}/history?rules=S>; rel="alternate"; title="S"` (or `/explain?rules=S`) for each other one (RFC 8288).',
    schema: str,
  },
};

export const playerPaths = {
  '/players': {
    get: {
      summary: 'Registered players as now known, by family name, 100 a page (for a browser: the players page, the same rows)',
      ...publicRoute,
      parameters: [query('q', str, 'Players whose name or id holds these words.'), query('page', int, 'Which page of 100 (default 1; beyond the last, the last).')],
      responses: {
        '200': okOrPage('Players.', ref('PlayersPage')),
        ...badParameter,
        ...needsToken,
        ...common,
        ...pageProblems,
      },
    },
  },
  '/players/{id}': {
    get: {
      summary: 'A player: the registration as now known, the FESA career where FESA rated him (or no rule set did) and his record under every other rule set he is rated under, with its counters (for a browser: the player page with the rating charts)',
      ...publicRoute,
      parameters: [pathParam('id', 'Player id.'), playerRules],
      responses: { '200': okOrPage('The player.', ref('PlayerRecord')), ...badParameter, '404': problemOrPage('Unknown player.'), ...needsToken, ...common, ...pageProblems },
    },
  },
  '/players/{id}/history': {
    get: {
      summary: 'A player\'s career: rating per tournament, grades with their rule, dan counts (FESA); under another rule set his record under it (RuleSetCareer, as in PlayerRecord.ruleSets)',
      ...publicRoute,
      parameters: [pathParam('id', 'Player id.'), careerRules],
      responses: { '200': { ...okOrPage('The career (RuleSetCareer: under the rule set asked, or the first he is rated under when FESA never rated him).', { anyOf: [ref('Career'), ref('RuleSetCareer')] }), headers: alternateLinks }, ...badParameter, '404': problemOrPage('Unknown player, or not rated under the rule set asked.'), ...needsToken, ...common, ...pageProblems },
    },
  },
  '/players/{id}/explain': {
    get: {
      summary: 'Every rating change of a player, game by game: under FESA the engine\'s reports (Explanation), under another rule set in its own terms (RuleSetExplanation, as `ledger explain --rules` prints it)',
      ...publicRoute,
      parameters: [pathParam('id', 'Player id.'), query('tournament', str, 'Only this tournament (its games and the grades it made).'), careerRules],
      responses: { '200': { ...okOrPage('The explanation (RuleSetExplanation: under the rule set asked, or the first he is rated under when FESA never rated him).', { anyOf: [ref('Explanation'), ref('RuleSetExplanation')] }), headers: alternateLinks }, ...badParameter, '404': problemOrPage('Unknown player, or the tournament is not rated for him under the rule set asked.'), ...needsToken, ...common, ...pageProblems },
    },
  },
};

export const tournamentPaths = {
  '/tournaments': {
    get: {
      summary: 'Registered tournaments, newest first, 100 a page (for a browser: the tournaments page, the same rows)',
      ...publicRoute,
      parameters: [query('q', str, 'Tournaments whose name or id holds these words.'), query('page', int, 'Which page of 100 (default 1; beyond the last, the last).')],
      responses: {
        '200': okOrPage('Tournaments.', ref('TournamentsPage')),
        ...badParameter,
        ...needsToken,
        ...common,
        ...pageProblems,
      },
    },
  },
  '/tournaments/{id}': {
    get: {
      summary: 'A rated tournament\'s cross table and games (as tournament show --json), or the official program\'s turnering.html (ISO-8859-1); a tournament under fide, uscf-k, gobase-go … (a TRF or EGD import) as its players and games with colours, stones and whether each was rated',
      ...publicRoute,
      parameters: [pathParam('id', 'Tournament id.'), query('format', { type: 'string', enum: ['json', 'fesa-html'] }, 'Default json.'), tournamentRules],
      responses: {
        '200': {
          description: 'The cross table; fesa-html is the program\'s file; a browser without format gets the tournament page (cross table, games with ids, corrections and withdrawals).',
          content: {
            'application/json': {
              schema: { anyOf: [ref('CrossTable'), ref('RatedTournament'), ref('RatedTournamentUnder')] },
            },
            'text/html': { schema: str },
          },
        },
        ...badParameter,
        '404': problemOrPage('No such tournament (or, for JSON and fesa-html, not rated).'),
        ...needsToken,
        ...common,
        ...pageProblems,
      },
    },
  },
};
