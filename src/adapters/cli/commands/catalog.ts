/**
 * Every command with what `ledger --help` and `ledger <command> --help` say of it. The code that runs a command is
 * loaded only when that command runs (its module, by `load`): `ledger --help` loads nothing else, `fesa run` no store,
 * HTTP or PostgreSQL code — a whole process pays for what it uses.
 */
import { GAME_FIELDS } from '../../../app/game-fields';
import type { CommandRun } from '../context';

export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  /** What `--help` says after the usage: how the command reads its input (only where the summary cannot say it). */
  readonly details?: string;
  readonly booleanFlags?: readonly string[];
  load(): Promise<readonly CommandRun[]>;
}


/** The columns of a `player add --csv` file. */
export const PLAYER_FIELDS = ['id', 'family', 'given', 'country', 'club', 'birth-year', 'date', 'grade', 'grade-source'];

/** The columns of a `player balance --csv` file. */
export const BALANCE_FIELDS = ['id', 'rules', 'rating', 'games', 'grade', 'date', 'reason'];

const coreModule = (): Promise<readonly CommandRun[]> => import('./core').then((m) => m.coreCommands);
const fesaModule = (): Promise<readonly CommandRun[]> => import('./fesa').then((m) => m.fesaCommands);
const historyModule = (): Promise<readonly CommandRun[]> => import('./history').then((m) => m.historyCommands);
const rulesModule = (): Promise<readonly CommandRun[]> => import('./rules').then((m) => m.ruleAndStoreCommands);
const rulesetsModule = (): Promise<readonly CommandRun[]> => import('./rulesets').then((m) => m.rulesetCommands);
const careerModule = (): Promise<readonly CommandRun[]> => import('./career').then((m) => m.careerCommands);
const tournamentModule = (): Promise<readonly CommandRun[]> => import('./tournament').then((m) => m.tournamentCommands);
const officersModule = (): Promise<readonly CommandRun[]> => import('./officers').then((m) => m.officerCommands);
const submissionsModule = (): Promise<readonly CommandRun[]> => import('./submissions').then((m) => m.submissionCommands);
const playerModule = (): Promise<readonly CommandRun[]> => import('./player').then((m) => m.playerCommands);
const auditModule = (): Promise<readonly CommandRun[]> => import('./audit').then((m) => m.auditCommands);
const bulletinModule = (): Promise<readonly CommandRun[]> => import('./bulletin').then((m) => m.bulletinCommands);
const interchangeModule = (): Promise<readonly CommandRun[]> => import('./interchange').then((m) => m.interchangeCommands);

export const commandCatalog: readonly CommandEntry[] = [
  {
    name: 'init',
    summary: 'create the ledger store (SQLite file by default) if it does not exist',
    usage: 'init [--db FILE | --store SPEC]',
    load: coreModule,
  },
  {
    name: 'serve',
    summary: 'run the ledger as an HTTP service: public lists, careers and published lists; the log for auditors; commands for signed-in officers (GET / lists the routes, GET /openapi.json describes them)',
    usage: 'serve [--port 3000] [--host 127.0.0.1] [--private] [--cors-origin ORIGIN] [--allowed-host NAME]... [--trust-proxy loopback|N] [--credentials FILE]   (a non-loopback --host needs LEDGER_ADMIN_TOKEN)',
    booleanFlags: ['private'],
    load: coreModule,
  },
  {
    name: 'player add',
    summary: 'register a player (optionally with a declared prior grade), or many from a CSV file',
    usage: `player add --id ID --family NAME [--given NAME] --country CC [--club C] [--birth-year YYYY] [--date YYYY-MM-DD] [--grade "3 Kyu" --grade-source NSR]\n       player add --csv FILE   (header: ${PLAYER_FIELDS.join(',')}; empty cells = not given; all rows or none)`,
    load: coreModule,
  },
  {
    name: 'tournament add',
    summary: 'register a tournament (rated or not is decided now, before it starts)',
    usage: 'tournament add --id ID --name NAME [--place P] --start DATE [--end DATE] [--system fesa] [--unrated] [--main MIN --byoyomi SEC --increment SEC] [--entrants A,B,C] [--region america|europe] [--date YYYY-MM-DD (registered on; default the start)]',
    booleanFlags: ['unrated'],
    load: coreModule,
  },
  {
    name: 'tournament close',
    summary: 'close a tournament: from its date on it is rated',
    usage: 'tournament close --id ID [--date YYYY-MM-DD] [--dry-run] [--json]',
    booleanFlags: ['dry-run'],
    load: coreModule,
  },
  {
    name: 'game report',
    summary: 'report one game, or many from a CSV file (one command per row)',
    usage: `game report --tournament T --game G --round N --first A --second B --result win|loss|draw|sennichite|unplayed|forfeit-win|forfeit-loss|bye [--date D] [--handicap TYPE --giver ID] [--main MIN --byoyomi SEC --increment SEC] [--replay-of G] [--dry-run] [--json]\n       game report --csv FILE [--dry-run]   (header: ${GAME_FIELDS.join(',')}; empty cells = not given)`,
    booleanFlags: ['dry-run'],
    load: coreModule,
  },
  {
    name: 'game correct',
    summary: 'correct a reported game by its id: give only what changes (the old facts stay in the log)',
    usage: 'game correct --game G [--tournament T] --reason TEXT [--result R] [--round N] [--first A] [--second B] [--handicap TYPE|even --giver ID] [--main MIN] [--byoyomi SEC] [--increment SEC] [--replay-of G|none] [--decided D] [--date D (refused)] [--dry-run] [--json]',
    booleanFlags: ['dry-run'],
    load: coreModule,
  },
  {
    name: 'game withdraw',
    summary: 'withdraw a reported game (e.g. it was never played)',
    usage: 'game withdraw --game G [--tournament T] --reason TEXT [--date D] [--dry-run] [--json]',
    booleanFlags: ['dry-run'],
    load: coreModule,
  },
  {
    name: 'events',
    summary: 'list (or follow) the event log, with filters',
    usage: 'events [--type T]... [--stream S] [--player ID] [--tournament ID] [--from POSITION] [--limit N] [--follow] [--json]',
    booleanFlags: ['follow'],
    load: coreModule,
  },
  {
    name: 'fesa run',
    summary: 'drop-in for the official FESA program: <dir>/ratingliste.pre + turnering.txt [+ nye-spillere] -> ratingliste.post, all.txt, turnering.html',
    usage: 'fesa run <dir> [--out-dir DIR | --out FILE]',
    load: fesaModule,
  },
  {
    name: 'fesa import',
    summary: 'import FESA event folders (or a folder of them, in date order) into the ledger as facts',
    usage: 'fesa import <folder> [--reconcile] [--correct] [--from FOLDER] [--only FOLDER[,FOLDER...]] [--dry-run] [--db FILE]',
    booleanFlags: ['reconcile', 'correct', 'dry-run'],
    load: fesaModule,
  },
  {
    name: 'list',
    summary: 'the rating list under any rule set as of a date (as known now, or --known-at), or a published list exactly',
    usage: 'list [--as-of YYYY-MM-DD] [--known-at POSITION|TIME] [--format table|csv|json|fesa|fesa-all] [--rules ID] [--active-years N] [--entry system|grade|RATING] [--out FILE] | list --published ID',
    load: historyModule,
  },
  {
    name: 'list publish',
    summary: 'record that a list was published (its content hash), so it can be reproduced exactly later',
    usage: 'list publish --id ID --as-of YYYY-MM-DD [--format fesa|fesa-all|table|csv|json] [--rules ID] [--active-years N] [--entry system|grade|RATING] [--out FILE]',
    load: historyModule,
  },
  {
    name: 'list bulletin',
    summary: 'what is new in a published list for players: new players, grade changes, biggest gains and losses, corrections since the list published before it',
    usage: 'list bulletin --published ID [--json]',
    load: bulletinModule,
  },
  {
    name: 'diff',
    summary: 'compare two lists: today vs a published list, or two rule sets side by side',
    usage: 'diff --published ID | diff --rules A --rules B [--as-of DATE]',
    load: historyModule,
  },
  {
    name: 'rerate',
    summary: 'fold the same facts under another rule set and show what changes from a date on',
    usage: 'rerate --rules fesa-published|pan-atlantic|fide|gobase-go|egd-gor|uscf-k|us-shogi-1997-text|us-shogi-1997-card|fide-2024 [--option key=value]... [--from DATE] [--as-of DATE] [--json]',
    load: historyModule,
  },
  {
    name: 'explain',
    summary: 'explain a player\'s ratings game by game (opponent rating used, expectation, K, upset, bonus, promotions)',
    usage: 'explain <player-id-or-name> [--tournament T] [--rules ID] [--entry system|grade|RATING] [--json]',
    load: historyModule,
  },
  {
    name: 'rules run-case',
    summary: 'stateless calculator: one JSON case (or a list) on stdin -> output(s) on stdout',
    usage: 'rules run-case [--file CASES.json]   (a case is {"system","op","options","input"}, see ../shared/rules/README.md)',
    load: rulesModule,
  },
  {
    name: 'rules list',
    summary: 'every rule set with its options and defaults',
    usage: 'rules list [--json]',
    load: rulesModule,
  },
  {
    name: 'migrate',
    summary: 'copy the whole log to another store (order, streams, revisions and ids kept) and verify it by checksum',
    usage: 'migrate --from STORE --to STORE [--replace]   (STORE: sqlite:FILE | postgres://… | esdb://…)',
    booleanFlags: ['replace'],
    load: rulesModule,
  },
  {
    name: 'checksum',
    summary: 'checksum of the whole log (stream, revision, id, type, data) to compare stores, and its head hash',
    usage: 'checksum [--store STORE]',
    load: rulesModule,
  },
  {
    name: 'rules adopt',
    summary: 'from a date on, rate tournaments under a rule set (RuleSetAdopted), with its options',
    usage: 'rules adopt --rules ID --from YYYY-MM-DD [--option key=value]... [--reason TEXT] [--dry-run]',
    booleanFlags: ['dry-run'],
    load: rulesetsModule,
  },
  {
    name: 'rules convert',
    summary: 'one-time conversion (US 1997 or pan-atlantic) of the ratings before a date, recorded as officer adjustments',
    usage: 'rules convert --rules us-shogi-1997-text|us-shogi-1997-card|pan-atlantic --date YYYY-MM-DD --reason TEXT [--source fesa] [--entry system|grade|RATING] [--dry-run]',
    booleanFlags: ['dry-run'],
    load: rulesetsModule,
  },
  {
    name: 'rules drift-correction',
    summary: 'pan-atlantic annual drift correction: cohort, allowed and applied amount, recorded as one adjustment',
    usage: 'rules drift-correction --date YYYY-MM-DD --reason TEXT [--amount POINTS] [--entry system|grade|RATING] [--dry-run]',
    booleanFlags: ['dry-run'],
    load: rulesetsModule,
  },
  {
    name: 'rules redetermine',
    summary: 'pan-atlantic redetermination: the player becomes unrated with two games at a new club grade',
    usage: 'rules redetermine <player-id> --grade GRADE --date YYYY-MM-DD --reason TEXT [--dry-run]',
    booleanFlags: ['dry-run'],
    load: rulesetsModule,
  },
  {
    name: 'ratings',
    summary: 'gone: ledger list --rules ID gives the list under any rule set',
    usage: 'ratings --rules ID [--as-of YYYY-MM-DD] [--rerate] [--entry system|grade|RATING] [--option key=value]... [--json]',
    booleanFlags: ['rerate'],
    load: rulesetsModule,
  },
  {
    name: 'explain-generic',
    summary: 'gone: ledger explain <player-id> --rules ID explains under any rule set',
    usage: 'explain-generic <player-id> [--rules ID] [--entry system|grade|RATING] [--json]',
    load: rulesetsModule,
  },
  {
    name: 'evaluate',
    summary: 'score rule sets\' pre-game expected scores against results (log-loss, deviance, Brier, calibration)',
    usage: 'evaluate --rules ID[,ID…] [--from YYYY-MM-DD] [--football PATH] [--entry grade|system|RATING] [--json]',
    load: rulesetsModule,
  },
  {
    name: 'history',
    summary: "a player's career: rating per tournament (method, games, counters), grades and the rule behind each, dan-qualifying games",
    usage: 'history <player-id-or-name> [--rules fesa|fesa-published|fide|uscf-k|gobase-go|…] [--json]',
    details:
      'A player who played only in tournaments under fide, uscf-k, gobase-go … (TRF and EGD imports) gets his career there instead: opening balances, ' +
      'then each tournament with his rating before and after and every game from his side of the board (colour, opponent, result, handicap stones, ' +
      'whether it was rated or why not); --rules fide (or another of those) shows that career for any player.',
    load: careerModule,
  },
  {
    name: 'projections rebuild',
    summary: 'fold the FESA list again from the whole log and save it as the checkpoint later commands resume from',
    usage: 'projections rebuild [--rules fesa|fesa-published] [--db FILE]',
    load: careerModule,
  },
  {
    name: 'tournament show',
    summary: "a rated tournament's cross table: grades, ratings, results per round, points, rating changes, promotions",
    usage: 'tournament show ID [--format table|fesa-html] [--rules fesa|fesa-published] [--out FILE] [--json]',
    load: tournamentModule,
  },
  {
    name: 'tournament list',
    summary: 'every tournament: dates, games, whether it is closed (rated)',
    usage: 'tournament list [--json]',
    load: tournamentModule,
  },
  {
    name: 'officer add',
    summary: 'appoint an officer (or change their role); prints their API token once, on the last line',
    usage: 'officer add --name NAME --role auditor|officer|admin [--reason TEXT] [--date YYYY-MM-DD] [--credentials FILE] [--json]',
    load: officersModule,
  },
  {
    name: 'officer revoke',
    summary: 'revoke an officer: their token stops working on the next request',
    usage: 'officer revoke --name NAME --reason TEXT [--date YYYY-MM-DD] [--credentials FILE]',
    load: officersModule,
  },
  {
    name: 'officer rotate-token',
    summary: 'issue a new API token for an officer; the old one stops working at once',
    usage: 'officer rotate-token --name NAME [--credentials FILE] [--json]',
    load: officersModule,
  },
  {
    name: 'officer list',
    summary: 'the officers with their role now and when their token was issued (the appointments themselves: ledger events --type OfficerAppointed)',
    usage: 'officer list [--credentials FILE] [--json]',
    load: officersModule,
  },
  {
    name: 'submission add',
    summary: "an organiser's tournament files (a FESA event folder's turnering.txt, nye-spillere; a TRF report; an EGD table; a games CSV), checked as their import would check them and kept pending until an officer approves them",
    usage: 'submission add FILE... [--format fesa|trf|egd|csv] [--tournament ID (default: the files\' folder name; a TRF or EGD file\'s name; the tournament a games CSV\'s rows name)] [--date YYYY-MM-DD] [--json]',
    load: submissionsModule,
  },
  {
    name: 'submission list',
    summary: 'the submissions with where each stands (an organiser sees his own)',
    usage: 'submission list [--json]',
    load: submissionsModule,
  },
  {
    name: 'submission show',
    summary: 'one submission: who sent which files, the decision on it, and what approving it would change now',
    usage: 'submission show ID [--json]',
    load: submissionsModule,
  },
  {
    name: 'submission approve',
    summary: "record a pending submission's facts exactly as their import would, with the approval, in one command",
    usage: 'submission approve ID --reason TEXT [--date YYYY-MM-DD] [--json]',
    load: submissionsModule,
  },
  {
    name: 'submission reject',
    summary: 'reject a pending submission with the reason the organiser reads; nothing of its files is recorded',
    usage: 'submission reject ID --reason TEXT [--date YYYY-MM-DD] [--json]',
    load: submissionsModule,
  },
  {
    name: 'player list',
    summary: 'every registered player: id, name, country, club, registration date',
    usage: 'player list [--json]',
    load: playerModule,
  },
  {
    name: 'player show',
    summary: "a player's registration, declared grades, tournaments and place on today's FESA list",
    usage: 'player show ID [--json]',
    load: playerModule,
  },
  {
    name: 'player correct',
    summary: "correct a player's registration (name, country, club, birth year, registration date); lists, histories and explanations show it throughout",
    usage: 'player correct --id ID --reason TEXT [--family NAME] [--given NAME] [--country CC] [--club C] [--birth-year YYYY] [--registered YYYY-MM-DD]',
    load: playerModule,
  },
  {
    name: 'player rename',
    summary: 'a player is called otherwise now (as FESA names change); the same fact as a corrected name',
    usage: 'player rename --id ID --family NAME [--given NAME] --reason TEXT',
    load: playerModule,
  },
  {
    name: 'player balance',
    summary: "a player's opening balance under a non-FESA rule set from a legacy list (rating, games, grade), or many from a CSV file",
    usage: `player balance --id ID --rules RULES --rating R [--games N] [--grade G] [--date YYYY-MM-DD] --reason TEXT [--dry-run] [--json]\n       player balance --csv FILE [--dry-run]   (header: ${BALANCE_FIELDS.join(',')}; empty cells = not given; all rows or none)`,
    booleanFlags: ['dry-run'],
    details:
      'The rule set\'s own player state is built from the values and checked by its decoder: --grade in the ledger\'s text ("3 Kyu", "2 Dan") or the ' +
      'system\'s ("3-kyu", "2-dan"; none under fide and uscf-k); without --games the balance counts as established (fide 30, pan-atlantic 15 games; ' +
      'the others 0). Refused when the player already played under the rule set on or before the date (that is an adjustment). FESA balances come ' +
      'from its list files (fesa import).',
    load: playerModule,
  },
  {
    name: 'player merge',
    summary: 'two ids are one person: the second one\'s games, balances and grades become the first one\'s in every list (reversible: player unmerge)',
    usage: 'player merge KEEP ABSORBED --reason TEXT [--date YYYY-MM-DD] [--dry-run] [--json]',
    booleanFlags: ['dry-run'],
    load: playerModule,
  },
  {
    name: 'player unmerge',
    summary: 'undo the merge of an id: the two ids are two people again and every list is as before the merge',
    usage: 'player unmerge ABSORBED --reason TEXT [--date YYYY-MM-DD] [--dry-run] [--json]',
    booleanFlags: ['dry-run'],
    load: playerModule,
  },
  {
    name: 'verify',
    summary: 'walk the hash chain and re-compute every published list; prints the head hash an auditor notes down',
    usage: 'verify [--db FILE | --store STORE] [--head HASH]   (--head: a head hash noted earlier must still be in the chain)',
    load: auditModule,
  },
  {
    name: 'export',
    summary: 'write the whole log (positions, recorded times, actors, hashes) to one JSON Lines file',
    usage: 'export --jsonl FILE [--db FILE | --store STORE]',
    load: auditModule,
  },
  {
    name: 'import',
    summary: 'rebuild a ledger from an export (into an empty store), checking every hash while reading',
    usage: 'import --jsonl FILE [--db TARGET | --store TARGET] [--dry-run]',
    booleanFlags: ['dry-run'],
    load: auditModule,
  },
  {
    name: 'trf import',
    summary: "import a FIDE tournament report file (TRF16 or TRF-2026): the tournament, its players, every game and bye, closed and rated under fide-2024 (default), fide or uscf-k",
    usage: 'trf import FILE [--tournament ID] [--rules fide-2024|fide|uscf-k] [--start YYYY-MM-DD] [--end YYYY-MM-DD] [--dry-run] [--json]   (--start/--end only for a file without 042/052)',
    booleanFlags: ['dry-run'],
    details:
      'Players: one with a FIDE number (001 columns 58-68) is the ledger player FIDE-<number>, matched to the ledger by that number in every file ' +
      '(registered once; his ledger name kept). One without is a new player <tournament>-<starting rank>: names are never matched. A player the ledger ' +
      'has no rating for under the rule set enters with the file\'s rating as an opening balance (30 games); one it rates keeps the ledger\'s rating. ' +
      'Results as the FIDE spec defines them: 1 0 = are rated; + - (forfeits), W D L (less than one move), H F U Z (byes) are recorded and never rated. ' +
      'The output says how many players were matched and how many are new, and per player the rating before and after the tournament (--dry-run: the same, ' +
      'recording nothing). A bad line is named (file, line, columns) and nothing of the file is recorded.',
    load: interchangeModule,
  },
  {
    name: 'trf export',
    summary: 'write a tournament as a FIDE TRF-2026 file (re-imports to the same facts)',
    usage: 'trf export TOURNAMENT [--out FILE]',
    load: interchangeModule,
  },
  {
    name: 'egd import',
    summary: 'import a European Go Database tournament table (.h, .h9): players by EGD PIN, every game with colours and handicap stones, free rounds; closed and rated under egd-gor (the EGD\'s GoR) or --rules gobase-go',
    usage: 'egd import FILE [--tournament ID] [--rules egd-gor|gobase-go] [--dry-run] [--json]',
    booleanFlags: ['dry-run'],
    details:
      'Players: one with an EGD PIN (after "|") is the ledger player EGD-<PIN>, matched by that PIN in every file; one without is a new player ' +
      '<tournament>-<place>: names are never matched. A player new to the rule set starts from his grade in the table. Games keep their colours (Black is ' +
      'the first player) and handicap stones; egd-gor rates handicap games (the receiver at his GoR + 100 a stone less 50) and weighs the ' +
      'tournament by its class (CL: A 1, B 0.75, C 0.5, D 0.25), gobase-go leaves handicap games unrated; results given without play (!) and free ' +
      'rounds (0+ 0- 0=) are recorded and never rated. ' +
      'The output says how many players were matched and how many are new, and per player the rating and grade before and after the tournament ' +
      '(--dry-run: the same, recording nothing). A bad line is named (file, line, round) and nothing of the table is recorded.',
    load: interchangeModule,
  },
];
