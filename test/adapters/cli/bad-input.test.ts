/**
 * Bad input, case by case, through the real `ledger` process: each case must end with its exit code, ONE sentence on
 * stderr that names the file, line, field or option at fault, no stack trace — and the ledger exactly as before
 * (same checksum), however much of the command was fine.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainOf, CLI, cliBuilt, type Exited, FIXTURES, ledger, ledgerWithInput, nekomadoChain, runProcess, tempDir } from '../../support/helpers';

const built = cliBuilt();
const run = ledgerWithInput;
/** A bash pipeline (pipefail) in which $LEDGER stands for the real `ledger` process. */
const shell = (script: string): Promise<Exited> => runProcess('bash', ['-o', 'pipefail', '-c', script], '', { ...process.env, LEDGER: `${process.execPath} ${CLI}` });

/** The real process, stopped if it starts serving (a server that should have refused would otherwise run on). */
const runUntilListening = (argv: readonly string[]): Promise<Exited> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.includes('listening')) child.kill('SIGTERM');
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out, err }));
  });

const dir = tempDir('bad-input');
const db = path.join(dir, 'ledger.db');
const checksum = async (): Promise<string> => JSON.parse((await ledger('checksum', '--db', db, '--json')).out).sha256 as string;

/** A copy of a Nekomado event folder, changed by `edit` (file name → new content, or null to delete it). */
const folderLike = (source: string, name: string, edit: Record<string, (text: string) => string | Buffer | null> = {}): string => {
  const to = path.join(tempDir('folder'), name);
  fs.mkdirSync(to, { recursive: true });
  for (const file of ['turnering.txt', 'ratingliste.pre', 'nye-spillere']) {
    const from = path.join(source, file);
    if (!fs.existsSync(from)) continue;
    const text = fs.readFileSync(from, 'latin1');
    const changed = edit[file] ? edit[file]!(text) : text;
    if (changed === null) continue;
    fs.writeFileSync(path.join(to, file), typeof changed === 'string' ? Buffer.from(changed, 'latin1') : changed);
  }
  return to;
};

const chain = nekomadoChain();
const fifth = chain[4]!; // 05_5th_nekomadoken: brings the newcomers N36 and N37
const renameNewcomer = (to: string) => ({
  'nye-spillere': (t: string) => t.replace('"N36"', `"${to}"`),
  'turnering.txt': (t: string) => t.replace('[N36]', `[${to}]`),
});

interface Case {
  readonly name: string;
  readonly argv: () => readonly string[];
  readonly stdin?: string;
  readonly code: number;
  /** What the one sentence must say (the file, line, field or option and what was expected). */
  readonly says: RegExp;
  /** A folder whose files have several faults: one sentence for each, one a line, after the first (issue 33). */
  readonly alsoSays?: readonly RegExp[];
}

const csvFile = (name: string, text: string | Buffer): string => {
  const file = path.join(tempDir('csv'), name);
  fs.writeFileSync(file, text);
  return file;
};
const header = 'game,tournament,round,first,second,result';
const egdCup = (): string => fs.readFileSync(path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h'), 'utf8');
const trfC5 = (): string => fs.readFileSync(path.join(FIXTURES, 'trf', 'bbp-dutch_2025_C5.trf'), 'utf8');
/** A date after today, as a file of a tournament still to come gives it (its players' opening balances are dated so). */
const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);

const cases: readonly Case[] = [
  // --- one command, one decision: refused, and nothing of it recorded ---
  {
    name: 'player add with a grade that is not one: the player is not registered either',
    argv: () => ['player', 'add', '--id', 'Q5', '--family', 'A', '--country', 'NO', '--grade', '3 kyuu', '--date', '2026-01-01'],
    code: 1,
    says: /field `grade`: expected a grade such as "3 Kyu"/,
  },
  {
    name: 'game report --csv whose fifth row is bad: no row recorded, and it says so',
    argv: () => ['game', 'report', '--csv', csvFile('fifth.csv', [header, 'g1,T1,1,P1,P2,win', 'g2,T1,2,P1,P2,loss', 'g3,T1,3,P1,P2,draw', 'g4,T1,4,P1,P2,win', 'g5,T1,5,P1,P9,win'].join('\n'))],
    code: 1,
    says: /fifth\.csv, line 6: game g5: unknown second player "P9".*; nothing of .*fifth\.csv was recorded$/,
  },
  {
    name: 'player balance --csv whose third row names an unknown player: no balance recorded, and it says which line',
    argv: () => ['player', 'balance', '--csv', csvFile('balances.csv', ['id,rules,rating,games,grade,date,reason', 'P1,fide,2100,40,,2025-12-31,legacy list', 'P2,pan-atlantic,1700,,2 Dan,2025-12-31,legacy list', 'P9,fide,1800,,,2025-12-31,legacy list'].join('\n'))],
    code: 1,
    says: /balances\.csv, line 4: opening balance for unknown player "P9"; register the player first; nothing of .*balances\.csv was recorded$/,
  },
  {
    name: 'player balance --csv with a rating that is no number: the row named, nothing recorded',
    argv: () => ['player', 'balance', '--csv', csvFile('balance-rating.csv', ['id,rules,rating,reason', 'P1,fide,2100,legacy list', 'P2,fide,17OO,legacy list'].join('\n'))],
    code: 2,
    says: /balance-rating\.csv, line 3: rating must be a number written in digits, got "17OO"$/,
  },
  {
    name: 'player balance --csv --rules fide whose row says another rule set: the row named, nothing recorded (neither silently wins)',
    argv: () => ['player', 'balance', '--rules', 'fide', '--reason', 'legacy list', '--csv', csvFile('balance-rules.csv', ['id,rules,rating', 'P1,,2100', 'P2,pan-atlantic,1700'].join('\n'))],
    code: 2,
    says: /balance-rules\.csv, line 3: rules is "pan-atlantic", but --rules "fide" was given for every row; leave the cell empty or the option out$/,
  },
  {
    name: 'player balance under a grade the system does not have',
    argv: () => ['player', 'balance', '--id', 'P1', '--rules', 'fide', '--rating', '2100', '--grade', '1 Dan', '--reason', 'legacy list'],
    code: 1,
    says: /the opening balance of Hansen \(P1\) under fide: fide has no grades; leave the grade out$/,
  },
  {
    name: 'tournament add in a region that is none',
    argv: () => ['tournament', 'add', '--id', 'T8', '--name', 'X', '--start', '2026-05-01', '--rules', 'pan-atlantic', '--region', 'asia'],
    code: 2,
    says: /--region must be america or europe \(where the tournament is played\), got "asia"$/,
  },
  {
    name: 'fesa import of a folder with a 250-character newcomer',
    argv: () => ['fesa', 'import', folderLike(fifth, '05_long', renameNewcomer(`N${'x'.repeat(249)}`))],
    code: 1,
    says: /05_long: .*field `playerId`: expected an id of 1 to 200 characters.*\(250 characters\)/,
  },
  {
    name: 'fesa import of a folder named with a leading space',
    argv: () => ['fesa', 'import', folderLike(fifth, ' 05_space')],
    code: 1,
    says: / 05_space: RegisterTournament: field `tournamentId`: expected an id/,
  },
  {
    name: 'fesa import of a newcomer whose name holds a NUL byte',
    argv: () => ['fesa', 'import', folderLike(fifth, '05_nul', renameNewcomer('N3\u00006'))],
    code: 1,
    says: /05_nul: RegisterPlayer: field `playerId` contains the control character U\+0000/,
  },
  {
    name: 'fesa import --correct whose file has a date typo',
    argv: () => ['fesa', 'import', folderLike(path.join(FIXTURES, 'fesa-corrected', '03_3rd_nekomadoken'), '03_3rd_nekomadoken', { 'turnering.txt': (t) => t.replace(/\[(\d{4})-(\d\d)-(\d\d)\]/, '[$1-$2-32]') }), '--correct'],
    code: 1,
    says: /03_3rd_nekomadoken\/turnering\.txt:2: the event date "\d{4}-\d\d-32" is not a day/,
  },
  {
    name: 'fesa import --correct whose date is another (valid) day: no correction recorded',
    argv: () => ['fesa', 'import', folderLike(path.join(FIXTURES, 'fesa-corrected', '03_3rd_nekomadoken'), '03_3rd_nekomadoken', { 'turnering.txt': (t) => t.replace(/\[2016-(\d\d-\d\d)\]/, '[2061-$1]') }), '--correct'],
    code: 1,
    says: /03_3rd_nekomadoken\/turnering\.txt:2: the event date 2061-\d\d-\d\d is not the date of tournament "03_3rd_nekomadoken" \(2016-\d\d-\d\d\)/,
  },
  {
    name: 'fesa import of a folder of five folders whose fifth is broken: none of them recorded',
    argv: () => {
      const parent = chainOf(chain.slice(4, 8));
      fs.renameSync(folderLike(chain[8]!, '09_nekomado_cup', { 'turnering.txt': (t) => t.replace(/\n1 \[[^\]]*\]/, '\n1 [N999]') }), path.join(parent, '09_nekomado_cup'));
      return ['fesa', 'import', parent];
    },
    code: 1,
    says: /09_nekomado_cup\/turnering\.txt:3: .*N999.*\(folder 5 of 5; nothing of this import was recorded\)$/,
  },
  // --- values no list can hold ---
  {
    name: 'a rating list with ELO-NUMBER 99999999999999999999999999',
    argv: () => ['fesa', 'import', folderLike(fifth, '05_huge', { 'ratingliste.pre': (t) => t.replace(':ELO-NUMBER 2500', ':ELO-NUMBER 99999999999999999999999999') })],
    code: 1,
    says: /05_huge\/ratingliste\.pre:\d+: .*ELO-NUMBER should be an integer a rating list can hold/,
  },
  {
    name: 'player add --birth-year -5',
    argv: () => ['player', 'add', '--id', 'Q6', '--family', 'A', '--country', 'NO', '--birth-year', '-5', '--date', '2026-01-01'],
    code: 1,
    says: /field `birthYear`: -5 is not a year of birth/,
  },
  {
    name: 'tournament add --main -30',
    argv: () => ['tournament', 'add', '--id', 'T7', '--name', 'X', '--start', '2026-05-01', '--main', '-30'],
    code: 1,
    says: /field `timeControl\.mainMinutes` cannot be negative, got -30/,
  },
  {
    name: 'tournament add --main 1e3 (a number not written in digits)',
    argv: () => ['tournament', 'add', '--id', 'T7', '--name', 'X', '--start', '2026-05-01', '--main', '1e3'],
    code: 2,
    says: /--main must be a number written in digits \(such as 90 or 1\.5\), got "1e3"/,
  },
  {
    name: 'player add --country NORWAY',
    argv: () => ['player', 'add', '--id', 'Q9', '--family', 'A', '--country', 'NORWAY', '--date', '2026-01-01'],
    code: 1,
    says: /field `country`: "NORWAY" is not a country code; expected two or three capital letters, such as NO \(ISO 3166\)/,
  },
  {
    name: 'player correct --country no (a code in small letters)',
    argv: () => ['player', 'correct', '--id', 'P1', '--country', 'no', '--reason', 'moved'],
    code: 1,
    says: /field `country`: "no" is not a country code; .*did you mean NO\?/,
  },
  {
    name: 'tournament add --rules nosuch',
    argv: () => ['tournament', 'add', '--id', 'T7', '--name', 'X', '--start', '2026-05-01', '--rules', 'nosuch'],
    code: 1,
    says: /RegisterTournament: field `ratingSystem`: "nosuch" is not a rule set this ledger knows; expected one of fesa, fesa-published, /,
  },
  {
    name: 'tournament add --rules fide --system fesa (the old name, disagreeing)',
    argv: () => ['tournament', 'add', '--id', 'T7', '--name', 'X', '--start', '2026-05-01', '--rules', 'fide', '--system', 'fesa'],
    code: 2,
    says: /--system is the old name of --rules: give one of them \(got --rules fide and --system fesa\)/,
  },
  {
    name: 'tournament add dated 0000-01-01',
    argv: () => ['tournament', 'add', '--id', 'T7', '--name', 'X', '--start', '0000-01-01'],
    code: 1,
    says: /field `validDate`: the date 0000-01-01 is not between 1900 and 2999/,
  },
  {
    name: 'player add with an id over 200 characters',
    argv: () => ['player', 'add', '--id', 'Q'.repeat(201), '--family', 'A', '--country', 'NO'],
    code: 1,
    says: /field `playerId`: expected an id of 1 to 200 characters, without spaces at the ends.*\(201 characters\)/,
  },
  {
    name: 'game report --csv with round 99999999999999999999',
    argv: () => ['game', 'report', '--csv', csvFile('round.csv', `${header}\ng1,T1,99999999999999999999,P1,P2,win\n`)],
    code: 1,
    says: /round\.csv, line 2: ReportGame: field `round`: 100000000000000000000 is not a number a rating list can hold/,
  },
  // --- encodings ---
  {
    name: 'a FESA file saved as UTF-8',
    argv: () => ['fesa', 'import', folderLike(fifth, '05_utf8', {
      'nye-spillere': (t) => Buffer.from(t.replace('"N36"', '"Ærøskøbing"'), 'utf8'),
      'turnering.txt': (t) => Buffer.from(t.replace('[N36]', '[Ærøskøbing]'), 'utf8'),
    })],
    code: 1,
    says: /05_utf8\/turnering\.txt:\d+: the file is UTF-8 \("\[Ærøskøbing\]"\), but FESA files are ISO-8859-1/,
    alsoSays: [/^\S*05_utf8\/nye-spillere:\d+: the file is UTF-8 \("\(?"Ærøskøbing"/],
  },
  // --- options ---
  {
    name: 'an unknown option is an error that suggests the near name',
    argv: () => ['player', 'add', '--id', 'Q7', '--family', 'A', '--country', 'NO', '--grde', '3 Kyu'],
    code: 2,
    says: /unknown option --grde for "player add"; did you mean --grade\?/,
  },
  // an option the command does not take, last on the line, was once read as one missing its value
  { name: 'player add --dry-run (an option player add does not take)', argv: () => ['player', 'add', '--id', 'Q7', '--family', 'A', '--country', 'NO', '--dry-run'], code: 2, says: /^ledger: unknown option --dry-run for "player add" \(run `ledger player add --help` for its options\)$/ },
  { name: 'an unknown option last on the line still suggests the near name', argv: () => ['player', 'add', '--id', 'Q7', '--family', 'A', '--country', 'NO', '--grde'], code: 2, says: /^ledger: unknown option --grde for "player add"; did you mean --grade\?/ },
  { name: 'events --limit -5', argv: () => ['events', '--limit', '-5'], code: 2, says: /--limit must be a whole number from 0 up, got "-5"/ },
  { name: 'list --known-at -1', argv: () => ['list', '--known-at', '-1'], code: 2, says: /--known-at must be a global position \(e\.g\. 1234\) or a recorded time .*, got "-1"/ },
  { name: 'list --rules of no rule set', argv: () => ['list', '--rules', 'fidee'], code: 2, says: /^ledger: --rules fidee: unknown rule set; known are fesa, fesa-published, us-shogi-1997-text, .*, fide, uscf-k, fide-2024$/ },
  { name: 'list --rules fide in the FESA program\'s file format', argv: () => ['list', '--rules', 'fide', '--format', 'fesa'], code: 2, says: /^ledger: --format fesa is the FESA program's own file, which a fide list is not written as; give table, csv or json$/ },
  { name: 'list publish --rules gobase-go as fesa-all: nothing published', argv: () => ['list', 'publish', '--id', 'go-1', '--as-of', '2026-09-30', '--rules', 'gobase-go', '--format', 'fesa-all'], code: 2, says: /^ledger: --format fesa-all is the FESA program's own file, which a gobase-go list is not written as; give table, csv or json$/ },
  { name: 'list --entry with a FESA list', argv: () => ['list', '--rules', 'fesa', '--entry', 'grade'], code: 2, says: /^ledger: --entry applies to the non-FESA rule sets \(.*\); FESA's newcomer rule is its own$/ },
  { name: 'ratings, replaced by list --rules', argv: () => ['ratings', '--rules', 'fide'], code: 2, says: /^ledger: ledger ratings is gone: ledger list --rules fide does what it did$/ },
  { name: 'explain-generic, replaced by explain --rules', argv: () => ['explain-generic', 'P1', '--rules', 'uscf-k'], code: 2, says: /^ledger: ledger explain-generic is gone: ledger explain P1 --rules uscf-k does what it did$/ },
  { name: 'rules run-case with input that is not JSON', argv: () => ['rules', 'run-case'], stdin: '{"system": ', code: 1, says: /1 case refused/ },
  // --- files ---
  {
    name: 'a turnering.txt that is a folder',
    argv: () => {
      const folder = folderLike(fifth, '05_dir', { 'turnering.txt': () => null });
      fs.mkdirSync(path.join(folder, 'turnering.txt'));
      return ['fesa', 'import', folder];
    },
    code: 1,
    says: /05_dir\/turnering\.txt is a folder, expected a file/,
  },
  {
    name: 'a list nested 100,000 deep',
    argv: () => ['fesa', 'import', folderLike(fifth, '05_deep', { 'ratingliste.pre': () => `${'('.repeat(100_000)}${')'.repeat(100_000)}` })],
    code: 1,
    says: /05_deep\/ratingliste\.pre: lists are nested too deeply to be a FESA file/,
  },
  // --- found by trying (issue 14, part 5) ---
  {
    name: 'game report --csv with a column given twice',
    argv: () => ['game', 'report', '--csv', csvFile('twice-column.csv', `game,game,tournament,round,first,second,result\ng1,g2,T1,1,P1,P2,win\n`)],
    code: 1,
    says: /twice-column\.csv, line 1: the column game appears twice; each column is given once$/,
  },
  {
    name: 'game report --csv saved as Latin-1 (a name with æ): refused naming the line, never an id with U+FFFD',
    argv: () => ['game', 'report', '--csv', csvFile('latin1.csv', Buffer.from(`${header}\ng1,T1,1,P1,P2,win\ng2,T1,2,Tr\u00e6,P2,win\n`, 'latin1'))],
    code: 1,
    says: /latin1\.csv, line 3: the file is not UTF-8 \(saved as Latin-1 or Windows-1252\?\); save it as UTF-8$/,
  },
  {
    name: 'game report --csv that reports one game twice with other facts: no row recorded',
    argv: () => ['game', 'report', '--csv', csvFile('same-game.csv', `${header}\ng1,T1,1,P1,P2,win\ng1,T1,2,P2,P1,loss\n`)],
    code: 1,
    says: /same-game\.csv, line 3: game g1 of tournament "T1" is already reported with other facts; .*; nothing of .*same-game\.csv was recorded$/,
  },
  {
    name: 'game report --csv whose row has more cells than the header',
    argv: () => ['game', 'report', '--csv', csvFile('cells.csv', `${header}\ng1,T1,1,P1,P2,win\ng2,T1,2,P1,P2,win,extra\n`)],
    code: 1,
    says: /cells\.csv, line 3: expected 6 fields \(game,tournament,round,first,second,result\), found 7$/,
  },
  {
    name: 'game report --csv with a quoted field never closed',
    argv: () => ['game', 'report', '--csv', csvFile('quote.csv', `${header}\n"g1,T1,1,P1,P2,win\n`)],
    code: 1,
    says: /quote\.csv, line 2: a quoted field is never closed$/,
  },
  {
    name: 'game report --csv with a reason column (a report has none; it was once taken and ignored)',
    argv: () => ['game', 'report', '--csv', csvFile('reason.csv', `${header},reason\ng1,T1,1,P1,P2,win,typo\n`)],
    code: 2,
    says: /reason\.csv, line 1: unknown column reason; expected game, tournament, /,
  },
  {
    name: 'list publish --out a folder: nothing published',
    argv: () => ['list', 'publish', '--id', '2026-09', '--as-of', '2026-09-30', '--out', dir],
    code: 2,
    says: /--out .* cannot be written: it is a folder, expected a file; nothing was published$/,
  },
  {
    name: 'list publish --out into a folder that does not exist: nothing published',
    argv: () => ['list', 'publish', '--id', '2026-09', '--as-of', '2026-09-30', '--out', path.join(dir, 'no-such-folder', 'list.txt')],
    code: 2,
    says: /--out .*list\.txt cannot be written: its folder .*no-such-folder does not exist; nothing was published$/,
  },
  {
    name: 'list publish with a list id holding a slash',
    argv: () => ['list', 'publish', '--id', '2026/09', '--as-of', '2026-09-30'],
    code: 1,
    says: /PublishRatingList: field `listId`: expected an id of 1 to 200 characters, without spaces at the ends, "\/" or "\\", got "2026\/09"$/,
  },
  // --- issue 28 (i28b): what may be recorded — printable text within its limits, yes-or-no options, files that are files ---
  {
    name: 'player add with a family name of 101 characters',
    argv: () => ['player', 'add', '--id', 'Q28', '--family', 'x'.repeat(101), '--country', 'NO', '--date', '2026-01-01'],
    code: 1,
    says: /RegisterPlayer: field `familyName` is 101 characters long; a name or id is at most 100$/,
  },
  {
    name: 'tournament add with a name of 201 characters',
    argv: () => ['tournament', 'add', '--id', 'T28', '--name', 'x'.repeat(201), '--start', '2026-03-01'],
    code: 1,
    says: /RegisterTournament: field `name` is 201 characters long; this text is at most 200$/,
  },
  ...[
    ['a line feed', '\n', 'U+000A'],
    ['a tab', '\t', 'U+0009'],
    ['NEL (U+0085)', '\u0085', 'U+0085'],
    ['a line separator (U+2028)', '\u2028', 'U+2028'],
    ['a paragraph separator (U+2029)', '\u2029', 'U+2029'],
    ['a C1 control (U+009B)', '\u009b', 'U+009B'],
  ].flatMap(([what, char, code]): Case[] => [
    {
      name: `player add with ${what} in the id`,
      argv: () => ['player', 'add', '--id', `Q${char}28`, '--family', 'Lie', '--country', 'NO', '--date', '2026-01-01'],
      code: 1,
      says: new RegExp(`RegisterPlayer: field \`playerId\` contains the control character ${code!.replace('+', '\\+')}; text in the ledger is printable`),
    },
    {
      name: `player add with ${what} in the family name`,
      argv: () => ['player', 'add', '--id', 'Q28', '--family', `Lie${char}Berg`, '--country', 'NO', '--date', '2026-01-01'],
      code: 1,
      says: new RegExp(`RegisterPlayer: field \`familyName\` contains the control character ${code!.replace('+', '\\+')}; text in the ledger is printable`),
    },
  ]),
  {
    name: 'tournament add --unrated=maybe (a yes-or-no option given another value)',
    argv: () => ['tournament', 'add', '--id', 'T28', '--name', 'Cup', '--start', '2026-03-01', '--unrated=maybe'],
    code: 2,
    says: /--unrated is a yes-or-no option: give it alone, or as --unrated=yes or --unrated=no, got "maybe"$/,
  },
  { name: 'trf import /dev/zero (a device, read forever)', argv: () => ['trf', 'import', '/dev/zero'], code: 1, says: /^ledger: \/dev\/zero is not a regular file \(a device, a pipe or a socket\); expected a file$/ },
  { name: 'egd import /dev/zero', argv: () => ['egd', 'import', '/dev/zero', '--tournament', 'Z28'], code: 1, says: /\/dev\/zero is not a regular file/ },
  { name: 'game report --csv /dev/zero', argv: () => ['game', 'report', '--csv', '/dev/zero'], code: 1, says: /\/dev\/zero is not a regular file/ },
  { name: 'import --jsonl /dev/zero', argv: () => ['import', '--jsonl', '/dev/zero'], code: 1, says: /\/dev\/zero is not a regular file/ },
  {
    name: 'trf import of a file of 65 MB',
    argv: () => {
      const file = path.join(tempDir('big'), 'big.trf');
      fs.writeFileSync(file, '');
      fs.truncateSync(file, 65 * 1024 * 1024);
      return ['trf', 'import', file];
    },
    code: 1,
    says: /big\.trf is 65 MB; a file the ledger reads is at most 64 MB$/,
  },
  {
    name: 'trf import of a UTF-16 file: the encoding named, not "date does not exist"',
    argv: () => ['trf', 'import', csvFile('utf16.trf', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(trfC5(), 'utf16le')]))],
    code: 1,
    says: /utf16\.trf is not in the expected encoding: it is UTF-16; save it as UTF-8 or ISO-8859-1 text$/,
  },
  {
    name: 'game report --csv of a UTF-16 file without a byte order mark',
    argv: () => ['game', 'report', '--csv', csvFile('utf16.csv', Buffer.from(`${header}\ng1,T1,1,P1,P2,win\n`, 'utf16le'))],
    code: 1,
    says: /utf16\.csv is not in the expected encoding: it is UTF-16 \(every other byte is NUL\); save it as UTF-8 or ISO-8859-1 text$/,
  },
  {
    name: 'fesa import of a folder whose turnering.txt is UTF-16',
    argv: () => ['fesa', 'import', folderLike(fifth, '05_utf16', { 'turnering.txt': (t) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]) })],
    code: 1,
    says: /turnering\.txt is not in the expected encoding: it is UTF-16/,
  },
  {
    name: 'fesa import of a file, not a folder',
    argv: () => ['fesa', 'import', csvFile('turnering.txt', '[x]\n')],
    code: 1,
    says: /turnering\.txt is a file; expected an event folder \(holding turnering\.txt\) or a folder of them$/,
  },
  {
    name: 'fesa import of an empty turnering.txt',
    argv: () => ['fesa', 'import', folderLike(fifth, '05_empty', { 'turnering.txt': () => '' })],
    code: 1,
    says: /05_empty\/turnering\.txt:1: the file is empty; expected the \[event name\] and \[event date\] lines/,
  },
  {
    name: 'player add --date of a month that does not exist',
    argv: () => ['player', 'add', '--id', 'Q8', '--family', 'A', '--country', 'NO', '--date', '2026-13-01'],
    code: 2,
    says: /--date must be a date YYYY-MM-DD that exists, got "2026-13-01"$/,
  },
  {
    name: 'tournament add that ends before it starts',
    argv: () => ['tournament', 'add', '--id', 'T8', '--name', 'X', '--start', '2026-05-02', '--end', '2026-05-01'],
    code: 1,
    says: /tournament "T8" ends \(2026-05-01\) before it starts \(2026-05-02\)$/,
  },
  {
    name: 'tournament add with an empty entrant (two commas)',
    argv: () => ['tournament', 'add', '--id', 'T8', '--name', 'X', '--start', '2026-05-02', '--entrants', 'P1,,P2'],
    code: 1,
    says: /RegisterTournament: field `entrants\.1`: expected an id of 1 to 200 characters/,
  },
  {
    name: 'tournament close dated before the tournament starts',
    argv: () => ['tournament', 'close', '--id', 'T1', '--date', '2020-01-01'],
    code: 1,
    says: /tournament "T1" cannot close on 2020-01-01, before it starts \(2026-03-01\)$/,
  },
  // --- interchange files: the first bad line named, nothing of the file recorded ---
  {
    name: 'trf import of a file whose round-2 result is "?"',
    argv: () => ['trf', 'import', csvFile('bad-result.trf', trfC5().replace('    2 b 1\n001    2', '    2 b ?\n001    2')), '--start', '2026-04-01'],
    code: 1,
    says: /bad-result\.trf, line 2, round 2 \(columns 102-109\): expected a result 1 0 = \+ - W D L H F U Z \(or blank\), got "\?"$/,
  },
  {
    name: 'trf import into a tournament id the ledger has for another tournament: not even its players are recorded',
    argv: () => ['trf', 'import', csvFile('c5.trf', trfC5()), '--tournament', 'T1', '--start', '2026-04-01'],
    code: 1,
    says: /c5\.trf: .*tournament.*"T1".*; nothing of .*c5\.trf was recorded$/,
  },
  {
    name: 'trf import whose round 3 is dated after the end (052)',
    argv: () => ['trf', 'import', csvFile('late-round.trf', trfC5().replace('012 Dutch 2025 C5 test\n', `012 Dutch 2025 C5 test\n042 2026/04/01\n052 2026/04/02\n132 ${' '.repeat(87)}26/04/01  26/04/02  26/04/09\n`))],
    code: 1,
    says: /late-round\.trf, line \d+, round 3: game r3-\d+-bye is dated 2026-04-09, outside tournament "late-round" \(2026-04-01 to 2026-04-02\); nothing of .*late-round\.trf was recorded$/,
  },
  // an importer's opening balance is refused after today as `player balance`'s is, for the whole file (issue 29)
  {
    name: 'trf import of a tournament starting after today: its first player\'s opening balance is refused, and nothing of the file recorded',
    argv: () => ['trf', 'import', csvFile('c5-later.trf', trfC5()), '--start', later],
    code: 1,
    says: new RegExp(`c5-later\\.trf, line 2: the opening balance of Test0001 Player0001 \\(c5-later-1\\) under fide-2024 is dated ${later}, after today \\(${today}\\): .*; nothing of .*c5-later\\.trf was recorded$`),
  },
  {
    name: 'egd import of a table dated after today: its first player\'s opening balance is refused, and nothing of the table recorded',
    argv: () => ['egd', 'import', csvFile('cup-later.h', egdCup().replace(/^; DT\[.*\]$/m, `; DT[${later},${later}]`)), '--rules', 'gobase-go'],
    code: 1,
    says: new RegExp(`cup-later\\.h, line 10: the opening balance of Hansen-Lie Ola \\(EGD-11111111\\) under gobase-go is dated ${later}, after today \\(${today}\\): .*; nothing of .*cup-later\\.h was recorded$`),
  },
  {
    name: 'player add --csv whose third row reuses an id: not even the new player of row 2 is registered',
    argv: () => ['player', 'add', '--csv', csvFile('players.csv', 'id,family,country,date\nQ8,Lie,NO,2026-01-02\nP1,Other,NO,2026-01-02\n')],
    code: 1,
    says: /players\.csv, line 3: player "P1" is already registered as Hansen \(P1\) with other details; player ids are never reused; nothing of .*players\.csv was recorded$/,
  },
  {
    name: 'egd import of a table whose two lines disagree on a game',
    argv: () => ['egd', 'import', csvFile('cup.h', egdCup().replace('2-/b0   0-', '2+/b0   0-'))],
    code: 1,
    says: /cup\.h, line 11, round 2: player 2 has "4\+\/w", but line 13 of player 4 has "2\+\/b" in that round/,
  },
  {
    name: 'egd import into a tournament id the ledger has for another tournament: none of its players recorded',
    argv: () => ['egd', 'import', csvFile('cup.h', egdCup()), '--tournament', 'T1'],
    code: 1,
    says: /cup\.h: .*tournament.*"T1".*; nothing of .*cup\.h was recorded$/,
  },
  {
    name: 'trf import of a file that does not exist',
    argv: () => ['trf', 'import', path.join(dir, 'nope.trf')],
    code: 1,
    says: /nope\.trf does not exist$/,
  },
  { name: 'trf import of a folder', argv: () => ['trf', 'import', dir], code: 1, says: /is a folder, expected a file$/ },
  {
    name: 'trf import of an empty file',
    argv: () => ['trf', 'import', csvFile('empty.trf', '')],
    code: 1,
    says: /empty\.trf, line 1: the file has no tournament name \(a 012 record\); is it a TRF file\?$/,
  },
  {
    name: 'trf import of a file that is not text: the bytes shown escaped',
    argv: () => ['trf', 'import', csvFile('binary.trf', Buffer.from([0, 1, 0x50, 0x4b, 3, 4]))],
    code: 1,
    says: /binary\.trf, line 1, columns 1-3: expected a record tag .* got "\\u0000\\u0001PK\\u0003\\u0004"$/,
  },
  {
    name: 'trf import of a file without dates (no 042, no 132) and no --start',
    argv: () => ['trf', 'import', csvFile('c5-undated.trf', trfC5())],
    code: 1,
    says: /c5-undated\.trf: the file has no date of start \(record 042\) nor round dates \(record 132\); give its first day and, if another, its last: --start YYYY-MM-DD/,
  },
  {
    name: 'trf import of a file whose two 001 lines share a starting rank',
    argv: () => ['trf', 'import', csvFile('twice.trf', trfC5().replace('001    6      Test0006', '001    5      Test0006')), '--start', '2026-04-01'],
    code: 1,
    says: /twice\.trf, line 7, columns 5-8 \(starting rank\): starting rank 5 is already given to line 6$/,
  },
  {
    name: 'trf import --rules of a rule set TRF files are not rated under',
    argv: () => ['trf', 'import', csvFile('c5.trf', trfC5()), '--rules', 'fesa', '--start', '2026-04-01'],
    code: 2,
    says: /--rules must be one of fide-2024, fide, uscf-k, got "fesa"$/,
  },
  {
    name: 'trf export --out into a folder that does not exist',
    argv: () => ['trf', 'export', 'T1', '--out', path.join(dir, 'no-such-folder', 't1.trf')],
    code: 2,
    says: /--out .*t1\.trf cannot be written: its folder .*no-such-folder does not exist$/,
  },
  { name: 'egd import of a file that does not exist', argv: () => ['egd', 'import', path.join(dir, 'nope.h')], code: 1, says: /nope\.h does not exist$/ },
  {
    name: 'egd import of an empty file',
    argv: () => ['egd', 'import', csvFile('empty.h', '')],
    code: 1,
    says: /empty\.h, line 1: the file has no event name \(a "; EV\[…\]" line\); is it an EGD tournament table\?$/,
  },
  {
    name: 'egd import of a table without its dates (no DT line)',
    argv: () => ['egd', 'import', csvFile('no-dt.h', egdCup().replace(/^; DT\[.*\n/m, ''))],
    code: 1,
    says: /no-dt\.h, line 1, DT: expected the dates as "; DT\[YYYY-MM-DD,YYYY-MM-DD\]", got no DT line$/,
  },
  {
    name: 'egd import of a game paired but without a result ("?")',
    argv: () => ['egd', 'import', csvFile('open.h', egdCup().replace('3-/w2   2-/b0', '3?/w2   2-/b0'))],
    code: 1,
    says: /open\.h, line 13, round 1: the game against player 3 has no result \("3\?\/w2"\); a table is imported once every game has its result$/,
  },
  {
    name: 'egd import of a line with one round less than the others',
    argv: () => ['egd', 'import', csvFile('short.h', egdCup().replace('   0-\n', '\n'))],
    code: 1,
    says: /short\.h, line 13, results: 2 results, but line 10 has 3; every player has one result per round$/,
  },
  { name: 'player add --csv of a file that does not exist', argv: () => ['player', 'add', '--csv', path.join(dir, 'nope.csv')], code: 1, says: /nope\.csv does not exist$/ },
  {
    name: 'player add --csv with a column it does not take',
    argv: () => ['player', 'add', '--csv', csvFile('rating.csv', 'id,family,country,date,rating\nQ8,Lie,NO,2026-01-02,1500\n')],
    code: 2,
    says: /rating\.csv, line 1: unknown column rating; expected id, family, given, country, club, birth-year, date, grade, grade-source$/,
  },
  {
    name: 'player add --csv whose second row has a birth year that is not one: not even the first row is registered',
    argv: () => ['player', 'add', '--csv', csvFile('birth.csv', 'id,family,country,date,birth-year\nQ8,Lie,NO,2026-01-02,1990\nQ9,Ask,NO,2026-01-02,abc\n')],
    code: 2,
    says: /birth\.csv, line 3: birth-year must be a year, got "abc"$/,
  },
  {
    name: 'player add --csv whose row has a grade that is not one: nothing of the file recorded',
    argv: () => ['player', 'add', '--csv', csvFile('grade.csv', 'id,family,country,date,grade\nQ8,Lie,NO,2026-01-02,2 Kyu\nQ9,Ask,NO,2026-01-02,3 kyuu\n')],
    code: 1,
    says: /grade\.csv, line 3: DeclarePriorGrade: field `grade`: expected a grade such as "3 Kyu".*; nothing of .*grade\.csv was recorded$/,
  },
  {
    name: 'import --jsonl into a ledger that holds events',
    argv: () => ['import', '--jsonl', csvFile('log.jsonl', '{"ledgerLog":1}\n{"end":true,"events":0,"sha256":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}\n')],
    code: 1,
    says: /sqlite:.*ledger\.db already holds events; an export is imported into an empty ledger only$/,
  },
  { name: 'import --jsonl of a file that does not exist', argv: () => ['import', '--jsonl', path.join(dir, 'nope.jsonl')], code: 2, says: /--jsonl .*nope\.jsonl: there is no such file$/ },
  { name: 'game report --csv of a missing file', argv: () => ['game', 'report', '--csv', path.join(dir, 'nope.csv')], code: 1, says: /nope\.csv does not exist/ },
  { name: 'game report --csv of a folder', argv: () => ['game', 'report', '--csv', dir], code: 1, says: /is a folder, expected a file/ },
  // the export is written beside its name first: a message names the file asked for, never that temporary one
  { name: 'export --jsonl into a folder that does not exist', argv: () => ['export', '--jsonl', path.join(dir, 'no-such-folder', 'log.jsonl')], code: 1, says: /no-such-folder\/log\.jsonl does not exist$/ },
  // --- a command line that says a thing twice, or says more than the command takes (issue 28) ---
  // (a flag given twice under --json is answered as JSON: test/adapters/cli/json-errors.test.ts)
  { name: 'tournament add --unrated --unrated', argv: () => ['tournament', 'add', '--id', 'T9', '--name', 'N', '--start', '2026-01-01', '--unrated', '--unrated'], code: 2, says: /^ledger: --unrated is given twice \(--unrated, --unrated\); "tournament add" takes it once$/ },
  {
    name: 'player add with --id given twice: neither is taken',
    argv: () => ['player', 'add', '--id', 'Q1', '--family', 'A', '--country', 'NO', '--id', 'Q2'],
    code: 2,
    says: /^ledger: --id is given twice \("Q1", "Q2"\); "player add" takes it once$/,
  },
  { name: 'game correct with --result given twice', argv: () => ['game', 'correct', '--game', 'x', '--result', 'win', '--result=loss', '--reason', 'r'], code: 2, says: /--result is given twice \("win", "loss"\)/ },
  { name: 'list with a stray argument', argv: () => ['list', '2026-01-01'], code: 2, says: /^ledger: unexpected argument "2026-01-01": "ledger list" takes no argument, only options \(run `ledger list --help`\)$/ },
  { name: 'player show with two ids', argv: () => ['player', 'show', 'P1', 'P2'], code: 2, says: /^ledger: unexpected argument "P2": "ledger player show" takes only ID \(run `ledger player show --help`\)$/ },
  { name: 'player merge with a third id', argv: () => ['player', 'merge', 'P1', 'P2', 'P3', '--reason', 'twice'], code: 2, says: /unexpected argument "P3": "ledger player merge" takes only KEEP ABSORBED/ },
  { name: 'tournament add --unrated no (a boolean option takes no value)', argv: () => ['tournament', 'add', '--id', 'T8', '--name', 'X', '--start', '2026-05-01', '--unrated', 'no'], code: 2, says: /unexpected argument "no": "ledger tournament add" takes no argument/ },
  { name: '--store beside --db', argv: () => ['player', 'add', '--id', 'Q3', '--family', 'A', '--country', 'NO', '--store', `sqlite:${path.join(dir, 'other.db')}`], code: 2, says: /^ledger: give --db FILE \(a SQLite ledger\) or --store SPEC, not both$/ },
  { name: 'officer revoke without a reason', argv: () => ['officer', 'revoke', '--name', 'boss'], code: 2, says: /^ledger: missing --reason \(why the officer is revoked, e\.g\. "term ended"\)$/ },
  { name: 'officer revoke of the last admin', argv: () => ['officer', 'revoke', '--name', 'boss', '--reason', 'stepping down'], code: 1, says: /^ledger: cannot revoke boss, the last admin; appoint another admin first \(ledger officer add --name NAME --role admin\)$/ },
  { name: 'officer add demoting the last admin', argv: () => ['officer', 'add', '--name', 'boss', '--role', 'auditor'], code: 1, says: /^ledger: boss is the last admin and cannot become an auditor; appoint another admin first/ },
];

describe.skipIf(!built)('bad input: one sentence, the right exit code, no stack trace, the ledger unchanged (real processes)', () => {
  let before = '';
  beforeAll(async () => {
    const ok = async (...argv: string[]) => {
      const r = await ledger(...argv, '--db', db, '--actor', 'officer');
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    };
    await ok('fesa', 'import', chainOf(chain.slice(0, 4)));
    await ok('player add', '--id', 'P1', '--family', 'Hansen', '--country', 'NO', '--date', '2026-01-01');
    await ok('player add', '--id', 'P2', '--family', 'Berg', '--country', 'NO', '--date', '2026-01-01');
    await ok('tournament add', '--id', 'T1', '--name', 'League', '--start', '2026-03-01', '--end', '2026-12-31');
    await ok('officer', 'add', '--name', 'boss', '--role', 'admin');
    before = await checksum();
  }, 120_000);

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const r = await run([...c.argv(), '--db', db, '--actor', 'officer'], c.stdin);
    const lines = r.err.split('\n').filter((l) => l !== '');
    expect({ code: r.code, lines: lines.length }).toEqual({ code: c.code, lines: 1 + (c.alsoSays?.length ?? 0) });
    expect(lines[0]).toMatch(/^ledger: /);
    expect(lines[0]).toMatch(c.says);
    c.alsoSays?.forEach((says, i) => expect(lines[i + 1]).toMatch(says));
    expect(r.err).not.toMatch(/\n\s+at |Error:|EISDIR|ENOENT|call stack/);
    expect(await checksum()).toBe(before);
  }, 60_000);

  it('a read of a ledger that is not there refuses and creates nothing; so does migrate --from', async () => {
    const missing = path.join(dir, 'no-such-dir', 'x.db');
    const events = await run(['events', '--db', missing]);
    expect(events).toMatchObject({ code: 1, err: `ledger: there is no ledger at ${missing}; check --db / --store, or create one with \`ledger init --db ${missing}\`\n` });
    const migrate = await run(['migrate', '--from', missing, '--to', path.join(dir, 'copy.db')]);
    expect(migrate.code).toBe(1);
    expect(migrate.err).toMatch(/^ledger: there is no ledger at .*no-such-dir\/x\.db/);
    expect(fs.existsSync(path.dirname(missing))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'copy.db'))).toBe(false);
  });

  it('serve and the reads of a ledger file that is not there say so and create nothing (a typo in --db never serves an empty ledger)', async () => {
    const typo = path.join(dir, 'ledgre.db');
    for (const argv of [['serve', '--port', '0'], ['list'], ['player', 'list'], ['officer', 'list'], ['verify'], ['checksum']]) {
      const r = await runUntilListening([...argv, '--db', typo]);
      expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 1, err: `ledger: there is no ledger at ${typo}; check --db / --store, or create one with \`ledger init --db ${typo}\`\n` });
      expect(fs.existsSync(typo)).toBe(false);
    }
  });

  it('`ledger events --json | head -1` prints one event and ends quietly (no EPIPE trace)', async () => {
    const r = await shell(`$LEDGER events --json --db '${db}' | head -1`);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(JSON.parse(r.out).position).toBeGreaterThan(0);
  });
});
