/**
 * Options that mean the same in every command that takes them, described once; a command whose option means
 * something of its own (`--id`, `--from`, `--rules`, `--format` ...) declares it with its own help instead.
 */
import { flag, repeated, value } from '../declaration';

export const TODAY = "today's date";
export const RULES_FESA = 'force one FESA rule set on every tournament: fesa (the official program) or fesa-published (the published prose)';
export const RULES_ADOPTED = 'each tournament under the rule set adopted for its date (rules adopt), else its own system';
export const ENTRY = 'how a player new to the rule set enters it: system (its own rule), grade (at his declared grade) or a starting rating';
export const RULES_ANY = `${RULES_FESA}; or a non-FESA rule set (us-shogi-1997-text, us-shogi-1997-card, pan-atlantic, gobase-go, egd-gor, fide, uscf-k, fide-2024): its list of the tournaments rated under it`;
const OPTION = 'a rule-set option, key=value; repeat for more (ledger rules list shows each option and its default)';

export const SHARED = {
  date: value('date', { text: 'the valid date of the fact, YYYY-MM-DD (when it happened, not when it is recorded)', default: TODAY, example: '--date 2024-03-16' }),
  reason: value('reason', { text: 'why the change is made, in words; kept in the log with it', example: '--reason "wrong result on the sheet"' }),
  'as-of': value('as-of', { text: 'the date the list is made for, YYYY-MM-DD', default: TODAY, example: '--as-of 2024-04-01' }),
  out: value('out', { text: 'write to this file instead of standard output', default: 'standard output', example: '--out list.txt' }),
  family: value('family', { text: "the player's family name, as the FESA files write it", example: '--family Hansen' }),
  given: value('given', { text: "the player's given name", default: 'none', example: '--given Ola' }),
  country: value('country', { text: 'the country of the player as a code: two capital letters (ISO 3166: NO, SE, DE) or three (a FIDE federation: NOR)', example: '--country NO' }),
  club: value('club', { text: "the player's club", default: 'none', example: '--club Oslo' }),
  'birth-year': value('birth-year', { text: 'the year the player was born, YYYY', default: 'not known', example: '--birth-year 1990' }),
  tournament: value('tournament', { text: 'the tournament id', example: '--tournament nekomado-2024' }),
  game: value('game', { text: 'the game id, unique within its tournament', example: '--game r3-b1' }),
  round: value('round', { text: 'the round number, from 1', example: '--round 3' }),
  first: value('first', { text: 'the id of the first player (the result is his)', example: '--first P1' }),
  second: value('second', { text: 'the id of the second player', example: '--second P2' }),
  result: value('result', { text: "the first player's result: win, loss, draw, sennichite, unplayed, forfeit-win, forfeit-loss or bye", example: '--result win' }),
  handicap: value('handicap', { text: 'the handicap played: sente, lance, bishop, rook, rook-lance, 2p … 8p (or even, when correcting, for none)', default: 'an even game', example: '--handicap 2p' }),
  giver: value('giver', { text: 'the id of the player who gives the handicap', example: '--giver P1' }),
  main: value('main', { text: 'time control: main time in minutes', default: '0 (not recorded)', example: '--main 40' }),
  byoyomi: value('byoyomi', { text: 'time control: byoyomi in seconds', default: '0', example: '--byoyomi 30' }),
  increment: value('increment', { text: 'time control: increment per move in seconds', default: '0', example: '--increment 10' }),
  'replay-of': value('replay-of', { text: 'the id of the game this one replays (after a sennichite); none when correcting it away', default: 'none', example: '--replay-of r3-b1' }),
  credentials: value('credentials', { text: "the SQLite file with the officers' tokens (needed beside an EventStoreDB log)", default: "$LEDGER_CREDENTIALS, else the ledger's own file or schema", example: '--credentials data/credentials.db' }),
  'dry-run': flag('dry-run', { text: 'show what would be recorded, and record nothing', default: 'record' }),
  entry: value('entry', { text: ENTRY, example: '--entry 1500' }),
  option: repeated('option', { text: OPTION, example: '--option k=24' }),
  name: value('name', { text: "the officer's name (as he signs in)", example: '--name "Kari Berg"' }),
  'known-at': value('known-at', { text: 'fold only what the ledger had recorded by then: a global position (see events) or a recorded time', default: 'everything recorded', example: '--known-at 1234' }),
  'active-years': value('active-years', { text: 'list only players who played in this many years up to the date; 0 for everybody', default: '2 for FESA lists (as FESA publishes), 0 for other rule sets', example: '--active-years 0' }),
};
