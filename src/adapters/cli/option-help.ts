/**
 * What `ledger <command> --help` says about each option: what it means, its values and default, an example. An option
 * that means the same in every command is described once (COMMON); one whose meaning depends on the command (`--id`,
 * `--from`, `--rules`, `--format` ...) is described per command (BY_COMMAND), which wins. test/adapters/cli/help.test.ts
 * checks that every option a command accepts is described here.
 */
export interface OptionHelp {
  /** What the option means and which values it takes. */
  readonly text: string;
  /** What applies without the option. */
  readonly default?: string;
  /** The option as one would type it. */
  readonly example?: string;
}

/** Options every command takes. */
export const GLOBAL_HELP: Readonly<Record<string, OptionHelp>> = {
  db: { text: 'the SQLite ledger file (same as --store sqlite:FILE)', default: '$LEDGER_STORE, $LEDGER_DB or ./data/ledger.db', example: '--db data/ledger.db' },
  store: { text: 'where the log is kept: sqlite:FILE, postgres://… or esdb://…', default: '$LEDGER_STORE, $LEDGER_DB or ./data/ledger.db', example: '--store postgres://ledger@localhost/ledger' },
  actor: { text: 'the officer recorded as having made a change', default: '$LEDGER_ACTOR, else your login name', example: '--actor "Kari Berg"' },
  json: { text: 'print the result as JSON instead of text (for scripts)', default: 'text' },
  help: { text: 'show this help' },
};

const TODAY = "today's date";
const RULES_FESA = 'force one FESA rule set on every tournament: fesa (the official program) or fesa-published (the published prose)';
const RULES_ADOPTED = 'each tournament under the rule set adopted for its date (rules adopt), else its own system';
const ENTRY = 'how a player new to the rule set enters it: system (its own rule), grade (at his declared grade) or a starting rating';
const RULES_ANY = `${RULES_FESA}; or a non-FESA rule set (us-shogi-1997-text, us-shogi-1997-card, pan-atlantic, gobase-go, egd-gor, fide, uscf-k, fide-2024): its list of the tournaments rated under it`;
const OPTION = 'a rule-set option, key=value; repeat for more (ledger rules list shows each option and its default)';

const COMMON: Readonly<Record<string, OptionHelp>> = {
  date: { text: 'the valid date of the fact, YYYY-MM-DD (when it happened, not when it is recorded)', default: TODAY, example: '--date 2024-03-16' },
  reason: { text: 'why the change is made, in words; kept in the log with it', example: '--reason "wrong result on the sheet"' },
  'as-of': { text: 'the date the list is made for, YYYY-MM-DD', default: TODAY, example: '--as-of 2024-04-01' },
  out: { text: 'write to this file instead of standard output', default: 'standard output', example: '--out list.txt' },
  family: { text: "the player's family name, as the FESA files write it", example: '--family Hansen' },
  given: { text: "the player's given name", default: 'none', example: '--given Ola' },
  country: { text: 'the country of the player as a code: two capital letters (ISO 3166: NO, SE, DE) or three (a FIDE federation: NOR)', example: '--country NO' },
  club: { text: "the player's club", default: 'none', example: '--club Oslo' },
  'birth-year': { text: 'the year the player was born, YYYY', default: 'not known', example: '--birth-year 1990' },
  tournament: { text: 'the tournament id', example: '--tournament nekomado-2024' },
  game: { text: 'the game id, unique within its tournament', example: '--game r3-b1' },
  round: { text: 'the round number, from 1', example: '--round 3' },
  first: { text: 'the id of the first player (the result is his)', example: '--first P1' },
  second: { text: 'the id of the second player', example: '--second P2' },
  result: { text: "the first player's result: win, loss, draw, sennichite, unplayed, forfeit-win, forfeit-loss or bye", example: '--result win' },
  handicap: { text: 'the handicap played: sente, lance, bishop, rook, rook-lance, 2p … 8p (or even, when correcting, for none)', default: 'an even game', example: '--handicap 2p' },
  giver: { text: 'the id of the player who gives the handicap', example: '--giver P1' },
  main: { text: 'time control: main time in minutes', default: '0 (not recorded)', example: '--main 40' },
  byoyomi: { text: 'time control: byoyomi in seconds', default: '0', example: '--byoyomi 30' },
  increment: { text: 'time control: increment per move in seconds', default: '0', example: '--increment 10' },
  'replay-of': { text: 'the id of the game this one replays (after a sennichite); none when correcting it away', default: 'none', example: '--replay-of r3-b1' },
  credentials: { text: "the SQLite file with the officers' tokens (needed beside an EventStoreDB log)", default: "$LEDGER_CREDENTIALS, else the ledger's own file or schema", example: '--credentials data/credentials.db' },
  'dry-run': { text: 'show what would be recorded, and record nothing', default: 'record' },
  entry: { text: ENTRY, example: '--entry 1500' },
  option: { text: OPTION, example: '--option k=24' },
  name: { text: "the officer's name (as he signs in)", example: '--name "Kari Berg"' },
  published: { text: 'the id of a list recorded with list publish', example: '--published 2024-04' },
  'known-at': { text: 'fold only what the ledger had recorded by then: a global position (see events) or a recorded time', default: 'everything recorded', example: '--known-at 1234' },
  'active-years': { text: 'list only players who played in this many years up to the date; 0 for everybody', default: '2 for FESA lists (as FESA publishes), 0 for other rule sets', example: '--active-years 0' },
};

const BY_COMMAND: Readonly<Record<string, Readonly<Record<string, OptionHelp>>>> = {
  init: {},
  serve: {
    port: { text: 'the TCP port to listen on', default: '$PORT, else 3000', example: '--port 8080' },
    host: { text: 'the address to listen on; one beyond this machine needs LEDGER_ADMIN_TOKEN set to an admin\'s token', default: '$HOST, else 127.0.0.1', example: '--host 0.0.0.0' },
    private: { text: 'serve no public routes: every read needs a signed-in officer', default: 'lists and careers are public' },
    'cors-origin': { text: 'a web origin whose pages may call the public reads from the browser', default: '* (any origin; none under --private)', example: '--cors-origin https://club.example' },
    'allowed-host': { text: 'on a loopback --host, one more Host header name the server answers to (repeatable; against DNS rebinding)', default: 'localhost, 127.0.0.1 and [::1] only', example: '--allowed-host ratings.club.example' },
    'trust-proxy': { text: 'trust X-Forwarded-For from a reverse proxy: loopback, or the number of proxies in front', default: 'trust none', example: '--trust-proxy 1' },
    credentials: { text: "the SQLite file with the officers' tokens (needed beside an EventStoreDB log)", default: "$LEDGER_CREDENTIALS, else the ledger's own file or schema", example: '--credentials data/credentials.db' },
  },
  'player add': {
    id: { text: 'the new player\'s id (your own scheme; never reused)', example: '--id P1' },
    date: { text: 'the registration date, YYYY-MM-DD (when the ledger learned of the player; it never gates ratings)', default: TODAY, example: '--date 2024-01-10' },
    grade: { text: 'a prior grade declared on registration, e.g. "3 Kyu", "1 Dan"; a newcomer enters the FESA list with it', default: 'none', example: '--grade "3 Kyu"' },
    'grade-source': { text: 'who awarded the declared grade (e.g. NSR, a club)', default: 'declared', example: '--grade-source NSR' },

    csv: { text: 'register many players from a CSV file, one per row (header: the option names; empty cells = not given); every row or none is recorded', example: '--csv players.csv' },
  },
  'tournament add': {
    id: { text: 'the new tournament\'s id', example: '--id nekomado-2024' },
    name: { text: 'the tournament\'s name as published', example: '--name "20th Nekomado-ken"' },
    place: { text: 'where it is played', default: 'none', example: '--place Oslo' },
    start: { text: 'the first day, YYYY-MM-DD', example: '--start 2024-03-16' },
    end: { text: 'the last day, YYYY-MM-DD; its rating uses the list of this date', default: 'the start date', example: '--end 2024-03-17' },
    system: { text: 'the rating system its games are rated under (ledger rules list names them)', default: 'fesa', example: '--system fesa' },
    unrated: { text: 'the tournament is not rated (decided now, before it starts)', default: 'rated' },
    entrants: { text: 'the ids of the players entered, comma-separated', default: 'whoever plays', example: '--entrants P1,P2,P3' },
    region: { text: 'where it is played: america or europe; pan-atlantic rates a tournament by its region\'s time-control and handicap rules (kept under any system, as an adoption or rerate may rate it under pan-atlantic)', default: 'america', example: '--region europe' },
  },
  'tournament close': {
    id: { text: 'the tournament to close; from its close on it is rated', example: '--id nekomado-2024' },
    date: { text: 'the date of closing, YYYY-MM-DD', default: "the tournament's end date, else today", example: '--date 2024-03-17' },
  },
  'game report': {
    date: { text: 'the day the game was played, YYYY-MM-DD', default: "the tournament's end date", example: '--date 2024-03-16' },
    'replay-of': { text: 'the id of the game this one replays (after a sennichite)', default: 'none', example: '--replay-of r3-b1' },
    csv: { text: 'report many games from a CSV file, one per row (header: the option names; empty cells = not given)', example: '--csv results.csv' },
  },
  'game correct': {
    game: { text: 'the game to correct, by its id; give only what changes', example: '--game r3-b1' },
    tournament: { text: 'the tournament of the game (needed when the id is used in more than one)', default: 'found from the game id', example: '--tournament nekomado-2024' },
    date: { text: 'refused: a correction keeps the date the game was played; withdraw the game and report it again with its date under a new id', default: 'unchanged', example: '--date 2024-03-17' },
    decided: { text: 'the date the correction was decided, YYYY-MM-DD (the game keeps the date it was played; --date is refused)', default: TODAY, example: '--decided 2024-03-20' },
  },
  'game withdraw': {
    game: { text: 'the game to withdraw (e.g. it was never played)', example: '--game r3-b1' },
    tournament: { text: 'the tournament of the game (needed when the id is used in more than one)', default: 'found from the game id', example: '--tournament nekomado-2024' },
    date: { text: 'the date of the withdrawal, YYYY-MM-DD', default: TODAY },
  },
  events: {
    follow: { text: 'keep running and print new events as they are recorded (Ctrl-C stops)', default: 'print and stop' },
    type: { text: 'only events of this type; repeat for more', default: 'every type', example: '--type GameReported' },
    stream: { text: 'only the events of one stream', default: 'every stream', example: '--stream tournament-nekomado-2024' },
    player: { text: 'only the events about one player', default: 'everybody', example: '--player P1' },
    tournament: { text: 'only the events of one tournament', default: 'every tournament', example: '--tournament nekomado-2024' },
    from: { text: 'only events after this global position', default: '0 (from the beginning)', example: '--from 1200' },
    limit: { text: 'print at most this many events', default: 'no limit', example: '--limit 20' },
  },
  'fesa run': {
    'out-dir': { text: 'write ratingliste.post, all.txt and turnering.html into this folder', default: 'the run folder itself, as the program does', example: '--out-dir out/' },
    out: { text: 'write only the post list, to this file', default: 'all three files into the folder', example: '--out ratingliste.post' },
  },
  'fesa import': {
    reconcile: { text: "when a folder's ratingliste.pre differs from the ledger's list, record the file's list (ListReconciled) instead of stopping", default: 'stop and name the differences' },
    correct: { text: 'the folder is a corrected results file of a tournament already imported: record exactly the differences', default: 'a new tournament' },
    from: { text: 'in a folder of folders, start at the first folder whose name is or begins with this', default: 'the first folder', example: '--from 01' },
    only: { text: 'in a folder of folders, import only these folders, comma-separated', default: 'every folder', example: '--only 03_x,04_y' },
  },
  list: {
    format: { text: "table, csv, json, fesa (the program's whole ratingliste.post, byte for byte) or fesa-all (its all.txt)", default: 'table (json with --json)', example: '--format csv' },
    rules: { text: RULES_ANY, default: RULES_ADOPTED, example: '--rules fide' },
    entry: { text: `${ENTRY} (non-FESA rule sets)`, default: 'system', example: '--entry grade' },
    published: { text: 'print a list recorded with list publish exactly as published, even after corrections', example: '--published 2024-04' },
  },
  'list publish': {
    id: { text: 'the id the published list is known by', example: '--id 2024-04' },
    'as-of': { text: 'the date of the list, YYYY-MM-DD', example: '--as-of 2024-04-01' },
    format: { text: 'the format published: fesa, fesa-all (FESA lists only), table, csv or json; its bytes are what the hash is taken of', default: 'table (json with --json)', example: '--format fesa-all' },
    rules: { text: RULES_ANY, default: RULES_ADOPTED, example: '--rules fide' },
  },
  'list bulletin': {
    published: { text: 'the published list (recorded with list publish) whose bulletin to print', example: '--published 2024-04' },
  },
  diff: {
    published: { text: "compare a published list with today's knowledge of the same date", example: '--published 2024-04' },
    rules: { text: 'compare two rule sets on the same facts: give it twice', example: '--rules fesa --rules fesa-published' },
    'as-of': { text: 'the date of the two lists compared by --rules, YYYY-MM-DD', default: TODAY, example: '--as-of 2024-04-01' },
  },
  rerate: {
    rules: { text: 'the rule set every tournament is rated under again', default: 'fesa-published', example: '--rules fide' },
    from: { text: 'show changes from tournaments on or after this date, YYYY-MM-DD', default: 'the beginning', example: '--from 2017-01-01' },
  },
  explain: {
    tournament: { text: 'explain only this tournament (FESA)', default: 'every tournament of the player', example: '--tournament nekomado-2024' },
    rules: { text: `${RULES_FESA}; or a non-FESA rule set: the tournaments rated under it, in its own terms (bracket, K, C, stage, multiplier)`, default: RULES_ADOPTED, example: '--rules fide' },
    entry: { text: `${ENTRY} (non-FESA rule sets)`, default: 'system', example: '--entry grade' },
  },
  history: {
    rules: { text: `${RULES_FESA}; or a rule set of TRF and EGD imports (fide, uscf-k, gobase-go, egd-gor …): the player's tournaments and games under it`, default: RULES_ADOPTED, example: '--rules fesa-published' },
  },
  'projections rebuild': {
    rules: { text: 'the FESA rule set of the projection rebuilt: fesa or fesa-published', default: 'as adopted', example: '--rules fesa-published' },
  },
  'rules run-case': {
    file: { text: 'read the cases from this JSON file instead of standard input', default: 'standard input', example: '--file cases.json' },
  },
  migrate: {
    from: { text: 'the store to copy from: sqlite:FILE, postgres://… or esdb://…', example: '--from sqlite:data/ledger.db' },
    to: { text: 'the store to copy into; it must be empty', example: '--to postgres://ledger@localhost/ledger' },
    replace: { text: 'replace what an interrupted migrate left in the target (only that: a ledger is never replaced)', default: 'an unfinished copy is refused' },
  },
  checksum: {},
  'rules adopt': {
    rules: { text: 'the rule set adopted (ledger rules list names them)', example: '--rules fesa-published' },
    from: { text: 'the first date it applies to, YYYY-MM-DD: tournaments ending on or after it are rated under it', example: '--from 2025-01-01' },
  },
  'rules convert': {
    rules: { text: 'the rule set converted to: us-shogi-1997-text, us-shogi-1997-card or pan-atlantic', example: '--rules pan-atlantic' },
    date: { text: 'the date of the conversion, YYYY-MM-DD: the ratings before it are converted', example: '--date 2025-01-01' },
    source: { text: 'the rule set whose ratings are converted', default: 'the ratings recorded under the target rule set', example: '--source fesa' },
  },
  'rules drift-correction': {
    date: { text: 'the date of the correction, YYYY-MM-DD', example: '--date 2025-01-01' },
    amount: { text: 'the points added to the cohort', default: 'the amount the rule allows', example: '--amount 10' },
  },
  'rules redetermine': {
    grade: { text: 'the new club grade, e.g. "2 Kyu"', example: '--grade "2 Kyu"' },
    date: { text: 'the date of the redetermination, YYYY-MM-DD', example: '--date 2025-01-01' },
  },
  ratings: {
    rules: { text: 'gone: ledger list --rules ID', example: '--rules fide' },
    rerate: { text: 'gone: ledger rerate --rules ID' },
    entry: { text: 'gone: ledger list --rules ID --entry …', example: '--entry grade' },
    option: { text: 'gone: ledger rerate --rules ID --option key=value', example: '--option k=24' },
  },
  'explain-generic': {
    rules: { text: 'gone: ledger explain <player-id> --rules ID', example: '--rules fide' },
    entry: { text: 'gone: ledger explain <player-id> --rules ID --entry …', example: '--entry grade' },
  },
  evaluate: {
    rules: { text: 'the rule sets scored, comma-separated or repeated', example: '--rules fesa,pan-atlantic,fide' },
    from: { text: 'score only games on or after this date, YYYY-MM-DD (earlier games still rate)', default: 'every game', example: '--from 2015-01-01' },
    football: { text: 'score the football results file at this path instead of the ledger', default: 'the ledger', example: '--football ../shared/data/football/results.csv' },
    entry: { text: ENTRY, default: 'grade (1500 with --football)', example: '--entry 1500' },
  },
  'tournament show': {
    format: { text: "table, or fesa-html: the program's turnering.html (ISO-8859-1, byte for byte)", default: 'table', example: '--format fesa-html' },
    rules: { text: RULES_FESA, default: RULES_ADOPTED, example: '--rules fesa-published' },
  },
  'tournament list': {},
  'officer add': {
    role: { text: 'auditor (reads the log), officer (records facts) or admin (also appoints officers)', example: '--role officer' },
    date: { text: 'the date of the appointment, YYYY-MM-DD', default: TODAY },
  },
  'officer revoke': {
    date: { text: 'the date of the revocation, YYYY-MM-DD', default: TODAY },
  },
  'officer rotate-token': {},
  'officer list': {},
  'player list': {},
  'player show': {},
  'player correct': {
    id: { text: 'the player to correct; give only what changes', example: '--id P1' },
    registered: { text: 'the corrected registration date, YYYY-MM-DD', default: 'unchanged', example: '--registered 2024-01-10' },
  },
  'player rename': {
    id: { text: 'the player renamed', example: '--id P1' },
  },
  'rules list': {},
  'player merge': {},
  'player balance': {
    id: { text: 'the registered player the legacy list rates', example: '--id P1' },
    rules: { text: 'the rule set the balance is under: us-shogi-1997-text, us-shogi-1997-card, pan-atlantic, gobase-go, egd-gor, fide, uscf-k or fide-2024', example: '--rules pan-atlantic' },
    rating: { text: 'the rating the legacy list gives', example: '--rating 1734' },
    games: { text: 'the rated games the legacy list counts', default: 'established: fide 30, pan-atlantic 15; the others 0', example: '--games 42' },
    grade: { text: 'the grade the legacy list gives, "3 Kyu" / "2 Dan" or the system\'s "3-kyu" / "2-dan" (none under fide, uscf-k, fide-2024)', default: 'none (US: the rank whose range holds the rating)', example: '--grade "2 Dan"' },
    date: { text: 'the date the balance holds from, YYYY-MM-DD (the legacy list\'s date); no game of the player under the rule set may be on or before it', default: TODAY, example: '--date 2025-12-31' },
    reason: { text: 'where the balance comes from, in words; kept in the log with it', example: '--reason "US Shogi list 2025"' },
    csv: { text: 'many balances from a CSV file, one per row (header: id,rules,rating,games,grade,date,reason; empty cells = not given); every row or none is recorded', example: '--csv legacy.csv' },
  },
  'player unmerge': {},
  verify: {
    head: { text: 'a head hash noted earlier (as verify prints it, 64 hexadecimal digits): it must still be in the chain', default: 'no noted hash checked', example: '--head 3f2a…' },
  },
  export: {
    jsonl: { text: 'the JSON Lines file the whole log is written to (renamed into place only when whole)', example: '--jsonl ledger.jsonl' },
  },
  import: {
    jsonl: { text: 'the export (written by ledger export --jsonl) rebuilt into the empty store given by --db or --store', example: '--jsonl ledger.jsonl' },
  },
  'trf import': {
    tournament: { text: 'the id the tournament is recorded under', default: "the file's name without its extension", example: '--tournament oslo-open-2024' },
    rules: { text: 'the rule set the tournament is rated under: fide-2024 (FIDE\'s regulations of 1 March 2024), fide or uscf-k (the seed\'s Elo)', default: 'fide-2024', example: '--rules fide' },
    start: { text: 'the first day, YYYY-MM-DD, for a file without a start date (record 042)', default: "the first round's date (record 132)", example: '--start 2024-03-16' },
    end: { text: 'the last day, YYYY-MM-DD, for a file without an end date (record 052)', default: "the last round's date, else the start", example: '--end 2024-03-17' },
  },
  'trf export': {
    out: { text: 'write the TRF-2026 report to this file', default: 'standard output', example: '--out oslo-open-2024.trf' },
  },
  'egd import': {
    tournament: { text: 'the id the tournament is recorded under', default: "the file's name without its extension", example: '--tournament paris-2024' },
    rules: { text: "the rule set the tournament is rated under: egd-gor (the EGD's GoR) or gobase-go", default: 'egd-gor; a table imported before keeps its rule set', example: '--rules gobase-go' },
  },
  'submission add': {
    format: { text: 'what the files are: fesa (an event folder\'s turnering.txt, nye-spillere, ratingliste.pre), trf (one FIDE report, rated under fide-2024) or egd (one EGD table); csv is not taken yet', default: 'fesa', example: '--format trf' },
    tournament: { text: 'the id the tournament is recorded under', default: "the name of the files' folder, as fesa import names it; for trf and egd the file's name without its extension, as trf import and egd import name it", example: '--tournament 02_2nd_nekomadoken' },
  },
};

/** The help of `option` in `command`, or undefined when none is written. */
export const optionHelp = (command: string, option: string): OptionHelp | undefined => BY_COMMAND[command]?.[option] ?? COMMON[option] ?? GLOBAL_HELP[option];

/** One line per option: `  --name  text (default: …; e.g. …)`. */
export const optionLines = (command: string, options: readonly string[]): string[] => {
  const width = Math.max(...options.map((o) => o.length)) + 4;
  return options.map((o) => {
    const h = optionHelp(command, o);
    if (h === undefined) return `  --${o}`;
    const notes = [h.default !== undefined ? `default: ${h.default}` : undefined, h.example !== undefined ? `e.g. ${h.example}` : undefined].filter((n) => n !== undefined);
    return `  ${`--${o}`.padEnd(width)}${h.text}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  });
};
