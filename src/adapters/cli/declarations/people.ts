/** The commands of officers, organisers' submissions and players' registrations, balances and merges. */
import { type CommandDeclaration, runs, value } from '../declaration';
import { TODAY, SHARED } from './shared-options';
import { BALANCE_FIELDS } from '../csv-fields';

export const peopleCommands: readonly CommandDeclaration[] = [
  {
    name: 'officer add',
    summary: 'appoint an officer (or change their role); prints their API token once, on the last line',
    usage: 'officer add --name NAME --role auditor|officer|admin [--reason TEXT] [--date YYYY-MM-DD] [--credentials FILE] [--json]',
    operands: [],
    options: [
      SHARED.name,
      value('role', { text: 'auditor (reads the log), officer (records facts) or admin (also appoints officers)', example: '--role officer' }),
      SHARED.reason,
      value('date', { text: 'the date of the appointment, YYYY-MM-DD', default: TODAY }),
      SHARED.credentials,
    ],
    run: runs('officers', 'officerAdd'),
  },
  {
    name: 'officer revoke',
    summary: 'revoke an officer: their token stops working on the next request',
    usage: 'officer revoke --name NAME --reason TEXT [--date YYYY-MM-DD] [--credentials FILE]',
    operands: [],
    options: [
      SHARED.name,
      SHARED.reason,
      value('date', { text: 'the date of the revocation, YYYY-MM-DD', default: TODAY }),
      SHARED.credentials,
    ],
    run: runs('officers', 'officerRevoke'),
  },
  {
    name: 'officer rotate-token',
    summary: 'issue a new API token for an officer; the old one stops working at once',
    usage: 'officer rotate-token --name NAME [--credentials FILE] [--json]',
    operands: [],
    options: [
      SHARED.name,
      SHARED.credentials,
    ],
    run: runs('officers', 'officerRotate'),
  },
  {
    name: 'officer list',
    summary: 'the officers with their role now and when their token was issued (the appointments themselves: ledger events --type OfficerAppointed)',
    usage: 'officer list [--credentials FILE] [--json]',
    operands: [],
    options: [
      SHARED.credentials,
    ],
    run: runs('officers', 'officerList'),
  },
  {
    name: 'submission add',
    summary: "an organiser's tournament files (a FESA event folder's turnering.txt, nye-spillere; a TRF report; an EGD table; a games CSV), checked as their import would check them and kept pending until an officer approves them",
    usage: 'submission add FILE... [--format fesa|trf|egd|csv] [--tournament ID (default: the files\' folder name; a TRF or EGD file\'s name; the tournament a games CSV\'s rows name)] [--rules RULE_SET] [--start YYYY-MM-DD] [--end YYYY-MM-DD] [--date YYYY-MM-DD] [--json]   (--rules only for trf and egd; --start/--end only for a trf file without 042/052)',
    operands: ['FILE...'],
    options: [
      value('format', { text: "what the files are: fesa (an event folder's turnering.txt, nye-spillere, ratingliste.pre), trf (one FIDE report, rated under fide-2024), egd (one EGD table) or csv (a games CSV as game report --csv reads, into a tournament the ledger holds)", default: 'fesa', example: '--format trf' }),
      value('tournament', { text: 'the id the tournament is recorded under', default: "the name of the files' folder, as fesa import names it; for trf and egd the file's name without its extension, as trf import and egd import name it", example: '--tournament 02_2nd_nekomadoken' }),
      value('rules', { text: 'the rule set the tournament is rated under, as trf import and egd import take it: for trf fide-2024, fide or uscf-k; for egd egd-gor or gobase-go', default: 'fide-2024 for trf, egd-gor for egd', example: '--rules fide' }),
      value('start', { text: 'the first day, YYYY-MM-DD, for a trf file without a start date (record 042)', default: "the first round's date (record 132)", example: '--start 2024-03-16' }),
      value('end', { text: 'the last day, YYYY-MM-DD, for a trf file without an end date (record 052)', default: "the last round's date, else the start", example: '--end 2024-03-17' }),
      SHARED.date,
    ],
    run: runs('submissions', 'submissionAdd'),
  },
  {
    name: 'submission list',
    summary: 'the submissions with where each stands (an organiser sees his own)',
    usage: 'submission list [--json]',
    operands: [],
    options: [],
    run: runs('submissions', 'submissionList'),
  },
  {
    name: 'submission show',
    summary: 'one submission: who sent which files, the decision on it, and what approving it would change now',
    usage: 'submission show ID [--json]',
    operands: ['ID'],
    options: [],
    run: runs('submissions', 'submissionShow'),
  },
  {
    name: 'submission approve',
    summary: "record a pending submission's facts exactly as their import would, with the approval, in one command",
    usage: 'submission approve ID --reason TEXT [--date YYYY-MM-DD] [--json]',
    operands: ['ID'],
    options: [
      SHARED.reason,
      SHARED.date,
    ],
    run: runs('submissions', 'submissionApprove'),
  },
  {
    name: 'submission reject',
    summary: 'reject a pending submission with the reason the organiser reads; nothing of its files is recorded',
    usage: 'submission reject ID --reason TEXT [--date YYYY-MM-DD] [--json]',
    operands: ['ID'],
    options: [
      SHARED.reason,
      SHARED.date,
    ],
    run: runs('submissions', 'submissionReject'),
  },
  {
    name: 'player list',
    summary: 'every registered player: id, name, country, club, registration date',
    usage: 'player list [--json]',
    operands: [],
    options: [],
    run: runs('player', 'list'),
  },
  {
    name: 'player show',
    summary: "a player's registration, declared grades, tournaments and place on today's FESA list",
    usage: 'player show ID [--json]',
    operands: ['ID'],
    options: [],
    run: runs('player', 'show'),
  },
  {
    name: 'player correct',
    summary: "correct a player's registration (name, country, club, birth year, registration date); lists, histories and explanations show it throughout",
    usage: 'player correct --id ID --reason TEXT [--family NAME] [--given NAME] [--country CC] [--club C] [--birth-year YYYY] [--registered YYYY-MM-DD]',
    operands: [],
    options: [
      value('id', { text: 'the player to correct; give only what changes', example: '--id P1' }),
      SHARED.reason,
      SHARED.family,
      SHARED.given,
      SHARED.country,
      SHARED.club,
      SHARED['birth-year'],
      value('registered', { text: 'the corrected registration date, YYYY-MM-DD', default: 'unchanged', example: '--registered 2024-01-10' }),
    ],
    run: runs('player', 'correct'),
  },
  {
    name: 'player rename',
    summary: 'a player is called otherwise now (as FESA names change); the same fact as a corrected name',
    usage: 'player rename --id ID --family NAME [--given NAME] --reason TEXT',
    operands: [],
    options: [
      value('id', { text: 'the player renamed', example: '--id P1' }),
      SHARED.family,
      SHARED.given,
      SHARED.reason,
    ],
    run: runs('player', 'rename'),
  },
  {
    name: 'player grade',
    summary: "declare a registered player's prior grade from an awarding body (NSR, JSA, a club) as of a date: a newcomer enters the lists with the latest declared by his first tournament",
    usage: 'player grade --id ID --grade G --source S [--date YYYY-MM-DD] [--dry-run] [--json]',
    details:
      'Declarations are read by their dates, whatever order they are recorded in and whichever body made them: a body\'s later ' +
      'grade is declared with its date, and one dated the day of an earlier one corrects it (of two on one date, the last recorded ' +
      'stands). One dated before a player\'s first tournament re-rates it, and the consequences are printed; a grade the player ' +
      'already holds as of that date records nothing.',
    operands: [],
    options: [
      SHARED['dry-run'],
      value('id', { text: 'the registered player', example: '--id P1' }),
      value('grade', { text: 'the grade declared, e.g. "3 Kyu", "1 Dan"', example: '--grade "3 Kyu"' }),
      value('source', { text: 'who awarded it (e.g. NSR, JSA, a club)', example: '--source NSR' }),
      value('date', { text: 'the date the grade holds from, YYYY-MM-DD', default: TODAY, example: '--date 2024-03-16' }),
    ],
    run: runs('player', 'grade'),
  },
  {
    name: 'player balance',
    summary: "a player's opening balance under a non-FESA rule set from a legacy list (rating, games, grade), or many from a CSV file",
    usage: `player balance --id ID --rules RULES --rating R [--games N] [--grade G] [--date YYYY-MM-DD] --reason TEXT [--dry-run] [--json]\n       player balance --csv FILE [--rules RULES] [--date D] [--reason TEXT] [--dry-run]   (header: ${BALANCE_FIELDS.join(',')}; an empty or missing cell takes the option of its name, else is not given; all rows or none)`,
    details:
      'The rule set\'s own player state is built from the values and checked by its decoder: --grade in the ledger\'s text ("3 Kyu", "2 Dan") or the ' +
      'system\'s ("3-kyu", "2-dan"; none under fide and uscf-k); without --games the balance counts as established (fide 30, pan-atlantic 15 games; ' +
      'the others 0). Refused when the player already played under the rule set on or before the date (that is an adjustment). FESA balances come ' +
      'from its list files (fesa import).',
    operands: [],
    options: [
      SHARED['dry-run'],
      value('id', { text: 'the registered player the legacy list rates', example: '--id P1' }),
      value('rules', { text: 'the rule set the balance is under: us-shogi-1997-text, us-shogi-1997-card, pan-atlantic, gobase-go, egd-gor, fide, uscf-k or fide-2024', example: '--rules pan-atlantic' }),
      value('rating', { text: 'the rating the legacy list gives', example: '--rating 1734' }),
      value('games', { text: 'the rated games the legacy list counts', default: 'established: fide 30, pan-atlantic 15; the others 0', example: '--games 42' }),
      value('grade', { text: 'the grade the legacy list gives, "3 Kyu" / "2 Dan" or the system\'s "3-kyu" / "2-dan" (none under fide, uscf-k, fide-2024)', default: 'none (US: the rank whose range holds the rating)', example: '--grade "2 Dan"' }),
      value('date', { text: "the date the balance holds from, YYYY-MM-DD (the legacy list's date); no game of the player under the rule set may be on or before it", default: TODAY, example: '--date 2025-12-31' }),
      value('reason', { text: 'where the balance comes from, in words; kept in the log with it', example: '--reason "US Shogi list 2025"' }),
      value('csv', { text: 'many balances from a CSV file, one per row (header: id,rules,rating,games,grade,date,reason; an empty or missing cell takes the option of its name given beside --csv, else is not given); every row or none is recorded', example: '--csv legacy.csv' }),
    ],
    run: runs('player', 'balance'),
  },
  {
    name: 'player merge',
    summary: 'two ids are one person: the second one\'s games, balances and grades become the first one\'s in every list (reversible: player unmerge)',
    usage: 'player merge KEEP ABSORBED --reason TEXT [--date YYYY-MM-DD] [--dry-run] [--json]',
    operands: ['KEEP', 'ABSORBED'],
    options: [
      SHARED['dry-run'],
      SHARED.reason,
      SHARED.date,
    ],
    run: runs('player', 'merge'),
  },
  {
    name: 'player unmerge',
    summary: 'undo the merge of an id: the two ids are two people again and every list is as before the merge',
    usage: 'player unmerge ABSORBED --reason TEXT [--date YYYY-MM-DD] [--dry-run] [--json]',
    operands: ['ABSORBED'],
    options: [
      SHARED['dry-run'],
      SHARED.reason,
      SHARED.date,
    ],
    run: runs('player', 'unmerge'),
  },
];
