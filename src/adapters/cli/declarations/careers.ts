/** The commands of a player's career, a tournament's cross table, and the FESA checkpoint. */
import { type CommandDeclaration, runs, value } from '../declaration';
import { RULES_ADOPTED, RULES_FESA, SHARED } from './shared-options';

export const careersCommands: readonly CommandDeclaration[] = [
  {
    name: 'history',
    summary: "a player's career: rating per tournament (method, games, counters), grades and the rule behind each, dan-qualifying games",
    usage: 'history <player-id-or-name> [--rules fesa|fesa-published|fide|uscf-k|gobase-go|…] [--json]',
    details:
      'A player who played only in tournaments under fide, uscf-k, gobase-go … (TRF and EGD imports) gets his career there instead: opening balances, ' +
      'then each tournament with his rating before and after and every game from his side of the board (colour, opponent, result, handicap stones, ' +
      'whether it was rated or why not); --rules fide (or another of those) shows that career for any player.',
    operands: ['<player-id-or-name>'],
    options: [
      value('rules', { text: `${RULES_FESA}; or a rule set of TRF and EGD imports (fide, uscf-k, gobase-go, egd-gor …): the player's tournaments and games under it`, default: RULES_ADOPTED, example: '--rules fesa-published' }),
    ],
    run: runs('career', 'history'),
  },
  {
    name: 'projections rebuild',
    summary: 'fold the FESA list again from the whole log and save it as the checkpoint later commands resume from',
    usage: 'projections rebuild [--rules fesa|fesa-published] [--db FILE]',
    operands: [],
    options: [
      value('rules', { text: 'the FESA rule set of the projection rebuilt: fesa or fesa-published', default: 'as adopted', example: '--rules fesa-published' }),
    ],
    run: runs('career', 'rebuild'),
  },
  {
    name: 'tournament show',
    summary: "a rated tournament's cross table: grades, ratings, results per round, points, rating changes, promotions",
    usage: 'tournament show ID [--format table|fesa-html] [--rules fesa|fesa-published|fide|pan-atlantic|…] [--out FILE] [--json]',
    operands: ['ID'],
    options: [
      value('format', { text: "table, or fesa-html: the program's turnering.html (ISO-8859-1, byte for byte)", default: 'table', example: '--format fesa-html' }),
      value('rules', {
        text:
          `${RULES_FESA}; or a non-FESA rule set (us-shogi-1997-text, us-shogi-1997-card, pan-atlantic, gobase-go, egd-gor, fide, uscf-k, fide-2024): ` +
          "every tournament rated under it, and this one's standings with its players' ratings before and after (newcomers at their declared grade where its own entry rule rates nobody)",
        default: RULES_ADOPTED,
        example: '--rules pan-atlantic',
      }),
      SHARED.out,
    ],
    run: runs('tournament', 'show'),
  },
  {
    name: 'tournament list',
    summary: 'every tournament: dates, games, whether it is closed (rated)',
    usage: 'tournament list [--json]',
    operands: [],
    options: [],
    run: runs('tournament', 'list'),
  },
];
