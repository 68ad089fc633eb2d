/** The commands that write and read whole logs (an auditor's) and other federations' tournament files. */
import { type CommandDeclaration, runs, value } from '../declaration';
import { SHARED } from './shared-options';

export const filesCommands: readonly CommandDeclaration[] = [
  {
    name: 'verify',
    summary: 'walk the hash chain and re-compute every published list; prints the head hash an auditor notes down',
    usage: 'verify [--db FILE | --store STORE] [--head HASH]   (--head: a head hash noted earlier must still be in the chain)',
    operands: [],
    options: [
      value('head', { text: 'a head hash noted earlier (as verify prints it, 64 hexadecimal digits): it must still be in the chain', default: 'no noted hash checked', example: '--head 3f2a…' }),
    ],
    run: runs('audit', 'verify'),
  },
  {
    name: 'export',
    summary: 'write the whole log (positions, recorded times, actors, hashes) to one JSON Lines file',
    usage: 'export --jsonl FILE [--db FILE | --store STORE]',
    operands: [],
    options: [
      value('jsonl', { text: 'the JSON Lines file the whole log is written to (renamed into place only when whole)', example: '--jsonl ledger.jsonl' }),
    ],
    run: runs('audit', 'exportLog'),
  },
  {
    name: 'import',
    summary: 'rebuild a ledger from an export (into an empty store), checking every hash while reading',
    usage: 'import --jsonl FILE [--db TARGET | --store TARGET] [--dry-run]',
    operands: [],
    options: [
      value('jsonl', { text: 'the export (written by ledger export --jsonl) rebuilt into the empty store given by --db or --store', example: '--jsonl ledger.jsonl' }),
      SHARED['dry-run'],
    ],
    run: runs('audit', 'importLogCommand'),
  },
  {
    name: 'trf import',
    summary: "import a FIDE tournament report file (TRF16 or TRF-2026): the tournament, its players, every game and bye, closed and rated under fide-2024 (default), fide or uscf-k",
    usage: 'trf import FILE [--tournament ID] [--rules fide-2024|fide|uscf-k] [--start YYYY-MM-DD] [--end YYYY-MM-DD] [--dry-run] [--json]   (--start/--end only for a file without 042/052)',
    details:
      'Players: one with a FIDE number (001 columns 58-68) is the ledger player FIDE-<number>, matched to the ledger by that number in every file ' +
      '(registered once; his ledger name kept). One without is a new player <tournament>-<starting rank>: names are never matched. A player the ledger ' +
      'has no rating for under the rule set enters with the file\'s rating as an opening balance (30 games); one it rates keeps the ledger\'s rating. ' +
      'Results as the FIDE spec defines them: 1 0 = are rated; + - (forfeits), W D L (less than one move), H F U Z (byes) are recorded and never rated. ' +
      'The output says how many players were matched and how many are new, and per player the rating before and after the tournament (--dry-run: the same, ' +
      'recording nothing). A bad line is named (file, line, columns) and nothing of the file is recorded.',
    operands: ['FILE'],
    options: [
      SHARED['dry-run'],
      value('tournament', { text: 'the id the tournament is recorded under', default: "the file's name without its extension", example: '--tournament oslo-open-2024' }),
      value('rules', { text: "the rule set the tournament is rated under: fide-2024 (FIDE's regulations of 1 March 2024), fide or uscf-k (the seed's Elo)", default: 'fide-2024', example: '--rules fide' }),
      value('start', { text: 'the first day, YYYY-MM-DD, for a file without a start date (record 042)', default: "the first round's date (record 132)", example: '--start 2024-03-16' }),
      value('end', { text: 'the last day, YYYY-MM-DD, for a file without an end date (record 052)', default: "the last round's date, else the start", example: '--end 2024-03-17' }),
    ],
    run: runs('interchange', 'trfImport'),
  },
  {
    name: 'trf export',
    summary: 'write a tournament as a FIDE TRF-2026 file (re-imports to the same facts)',
    usage: 'trf export TOURNAMENT [--out FILE]',
    operands: ['TOURNAMENT'],
    options: [
      value('out', { text: 'write the TRF-2026 report to this file', default: 'standard output', example: '--out oslo-open-2024.trf' }),
    ],
    run: runs('interchange', 'trfExport'),
  },
  {
    name: 'egd import',
    summary: 'import a European Go Database tournament table (.h, .h9): players by EGD PIN, every game with colours and handicap stones, free rounds; closed and rated under egd-gor (the EGD\'s GoR) or --rules gobase-go',
    usage: 'egd import FILE [--tournament ID] [--rules egd-gor|gobase-go] [--dry-run] [--json]',
    details:
      'Players: one with an EGD PIN (after "|") is the ledger player EGD-<PIN>, matched by that PIN in every file; one without is a new player ' +
      '<tournament>-<place>: names are never matched. A player new to the rule set starts from his grade in the table. Games keep their colours (Black is ' +
      'the first player) and handicap stones; egd-gor rates handicap games (the receiver at his GoR + 100 a stone less 50) and weighs the ' +
      'tournament by its class (CL: A 1, B 0.75, C 0.5, D 0.25), gobase-go leaves handicap games unrated; results given without play (!) and free ' +
      'rounds (0+ 0- 0=) are recorded and never rated. ' +
      'The output says how many players were matched and how many are new, and per player the rating and grade before and after the tournament ' +
      '(--dry-run: the same, recording nothing). A bad line is named (file, line, round) and nothing of the table is recorded.',
    operands: ['FILE'],
    options: [
      SHARED['dry-run'],
      value('tournament', { text: 'the id the tournament is recorded under', default: "the file's name without its extension", example: '--tournament paris-2024' }),
      value('rules', { text: "the rule set the tournament is rated under: egd-gor (the EGD's GoR) or gobase-go", default: 'egd-gor; a table imported before keeps its rule set', example: '--rules gobase-go' }),
    ],
    run: runs('interchange', 'egdImport'),
  },
];
