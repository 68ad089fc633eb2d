import * as fs from 'fs';
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRANDMOMMYSCUP, grandmommyscupLines, round1Corrected } from '../../support/corrected-trf';
import { cliBuilt, eventDate, FIXTURES, ledgerProcess, NEKOMADO, nekomadoTournaments, tempDir } from '../../support/helpers';

/** The club archive's first three tournaments, each folder's files as its organiser would hand them in. */
const FOLDERS = ['01_1st_nekomadoken', '02_2nd_nekomadoken', '03_3rd_nekomadoken'];
const FILES = ['turnering.txt', 'nye-spillere', 'ratingliste.pre'];
const filesOf = (folder: string, dir = NEKOMADO): string[] => FILES.map((f) => path.join(dir, folder, f));

const run = async (db: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> => ledgerProcess([...argv, '--db', db], env);
const ok = async (db: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<string> => {
  const r = await run(db, argv, env);
  expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: '' });
  return r.out;
};
const fesaList = async (db: string, asOf: string): Promise<Buffer> => {
  const out = path.join(path.dirname(db), `list-${asOf}-${Math.random().toString(36).slice(2)}.txt`);
  await ok(db, ['list', '--as-of', asOf, '--format', 'fesa', '--out', out]);
  return fs.readFileSync(out);
};
const checksum = async (db: string): Promise<string> => (JSON.parse(await ok(db, ['checksum', '--json'])) as { sha256: string }).sha256;
const ORGANISER = { LEDGER_ACTOR: 'ola' };
const appointOrganiser = async (db: string): Promise<void> => {
  expect(await run(db, ['officer', 'add', '--name', 'ola', '--role', 'organiser'])).toMatchObject({ code: 0, out: expect.stringContaining('ola appointed organiser') });
};

describe.skipIf(!cliBuilt())('organiser submissions through the CLI (issue 33)', () => {
  let imported: string;
  beforeAll(async () => {
    imported = path.join(tempDir('submitted-import'), 'ledger.db');
    await ok(imported, ['fesa', 'import', nekomadoTournaments(path.join(tempDir('chain'), 'chain'), ['01', '02', '03'])]);
  }, 120_000);

  it('lists stay as they were until approval, then read byte for byte as fesa import of the same folders', async () => {
    const db = path.join(tempDir('submitted'), 'ledger.db');
    await appointOrganiser(db);
    for (const folder of FOLDERS) {
      const date = eventDate(path.join(NEKOMADO, folder));
      const before = FOLDERS.indexOf(folder) === 0 ? undefined : await fesaList(db, date);
      const received = await ok(db, ['submission', 'add', ...filesOf(folder)], ORGANISER);
      expect(received).toContain(`submission ${folder}-1 of ${folder} received, pending an officer's approval`);
      if (before) expect((await fesaList(db, date)).equals(before)).toBe(true);
      expect(await ok(db, ['submission', 'approve', `${folder}-1`, '--reason', 'cross table checked'], { LEDGER_ACTOR: 'kari' })).toContain(`submission ${folder}-1 approved`);
    }
    const last = eventDate(path.join(NEKOMADO, FOLDERS[2]!));
    expect((await fesaList(db, last)).equals(await fesaList(imported, last))).toBe(true);
    // re-approving records nothing; the audit reads who submitted and who approved
    const at = await checksum(db);
    expect(await ok(db, ['submission', 'approve', `${FOLDERS[0]}-1`, '--reason', 'again'])).toContain('was already approved: nothing recorded');
    expect(await checksum(db)).toBe(at);
    const events = await ok(db, ['events', '--type', 'SubmissionApproved', '--type', 'SubmissionReceived']);
    expect(events).toContain(`${FOLDERS[1]}-1 fesa for ${FOLDERS[1]} (turnering.txt, nye-spillere, ratingliste.pre) by organiser ola`);
    expect(events).toContain(`${FOLDERS[1]}-1: cross table checked`);
  }, 120_000);

  it('a bad file is one answer naming the file and line and records nothing; a rejection records only itself', async () => {
    const db = path.join(tempDir('submitted-bad'), 'ledger.db');
    await appointOrganiser(db);
    const bad = path.join(tempDir('bad-folder'), FOLDERS[0]!);
    fs.mkdirSync(bad);
    for (const f of FILES) fs.copyFileSync(path.join(NEKOMADO, FOLDERS[0]!, f), path.join(bad, f));
    const cross = fs.readFileSync(path.join(bad, 'turnering.txt'), 'latin1');
    fs.writeFileSync(path.join(bad, 'turnering.txt'), Buffer.from(cross.replace('2 [N3] [] [3- 4+ 12+]', '2 [N3] [] [3- 4* 12+]'), 'latin1'));
    const at = await checksum(db);
    const refused = await run(db, ['submission', 'add', ...filesOf(FOLDERS[0]!, path.dirname(bad))], ORGANISER);
    // as fesa import refuses the folder, with the submitter's own file name and line
    expect(refused).toMatchObject({ code: 1, out: '', err: 'ledger: turnering.txt:4: round 2: expected a result +, - or = after opponent 4, found "*"\n' });
    expect(await checksum(db)).toBe(at);
    // every line at fault in every file, in one answer, one a line
    fs.writeFileSync(path.join(bad, 'turnering.txt'), Buffer.from(cross.replace('2 [N3] [] [3- 4+ 12+]', '2 [N3] [] [3- 4* 12+]').replace('5 [N6] [] [10- 17- 16+]', '5 [N6] [] [10- 17- 16+] [x]'), 'latin1'));
    fs.writeFileSync(path.join(bad, 'nye-spillere'), fs.readFileSync(path.join(bad, 'nye-spillere'), 'latin1').replace('"N3" "" (#S(HOME', '"N3" "" (#S(HOUSE'), 'latin1');
    const all = await run(db, ['submission', 'add', ...filesOf(FOLDERS[0]!, path.dirname(bad))], ORGANISER);
    expect(all.code).toBe(1);
    expect(all.err.split('\n')).toEqual([
      'ledger: turnering.txt:4: round 2: expected a result +, - or = after opponent 4, found "*"',
      'turnering.txt:7: the MacMahon start score [x] should be an integer',
      expect.stringMatching(/^nye-spillere:3: /),
      '',
    ]);
    expect(await checksum(db)).toBe(at);

    await ok(db, ['submission', 'add', ...filesOf(FOLDERS[0]!)], ORGANISER);
    const pending = await checksum(db);
    expect(await ok(db, ['submission', 'reject', `${FOLDERS[0]}-1`, '--reason', 'round 3 is missing'])).toContain('rejected');
    const shown = JSON.parse(await ok(db, ['submission', 'show', `${FOLDERS[0]}-1`, '--json'], ORGANISER)) as { status: string; decision: { reason: string } };
    expect(shown).toMatchObject({ status: 'rejected', decision: { reason: 'round 3 is missing' } });
    expect(pending).not.toBe(await checksum(db));
    expect(await ok(db, ['events', '--type', 'TournamentRegistered'])).not.toContain(FOLDERS[0]);
    const approve = await run(db, ['submission', 'approve', `${FOLDERS[0]}-1`, '--reason', 'after all']);
    expect(approve).toMatchObject({ code: 1, err: `ledger: submission ${FOLDERS[0]}-1 was rejected and cannot be approved; the organiser can submit the files again\n` });
  }, 120_000);

  it('an EGD table goes the same way: named after its file, previewed with its players, approved as egd import records it', async () => {
    const table = path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h');
    const db = path.join(tempDir('submitted-egd'), 'ledger.db');
    const direct = path.join(tempDir('imported-egd'), 'ledger.db');
    await appointOrganiser(db);
    const received = await ok(db, ['submission', 'add', table, '--format', 'egd'], ORGANISER);
    expect(received).toContain('submission constructed-ledger-cup-1 of constructed-ledger-cup received');
    expect(received).toMatch(/tournament constructed-ledger-cup under egd-gor: \d+ players .*, \d+ byes\n/);
    // the preview and the approval answer the rating changes under egd-gor as the import's dry run does
    const dryRun = await ok(direct, ['egd', 'import', table, '--dry-run']);
    const changes = dryRun.slice(dryRun.indexOf('\ntournament ') + 1).trimEnd();
    expect(changes).toMatch(/^tournament +date +player +name +rule set +before +after\n-[- ]+\n[^]*egd-gor/);
    expect(received).toContain(changes);
    const list = ['list', '--rules', 'egd-gor', '--as-of', '2026-12-31', '--format', 'csv'];
    const before = await ok(db, list);
    const approved = await ok(db, ['submission', 'approve', 'constructed-ledger-cup-1', '--reason', 'table checked']);
    expect(approved).toMatch(/^submission constructed-ledger-cup-1 approved: \d+ fact\(s\)/);
    expect(approved).toContain(changes);
    await ok(direct, ['egd', 'import', table]);
    const after = await ok(db, list);
    expect(after).not.toBe(before);
    expect(after).toBe(await ok(direct, list));
  }, 120_000);

  it('a TRF file goes with its import\'s options: --rules, and --start/--end for a file without dates; approved as trf import with the same records it', async () => {
    // a pairing engine's test file: no 042/052 record and no round dates
    const trf = path.join(tempDir('undated-trf'), 'c5.trf');
    fs.copyFileSync(path.join(FIXTURES, 'trf', 'bbp-dutch_2025_C5.trf'), trf);
    const db = path.join(tempDir('submitted-trf'), 'ledger.db');
    const direct = path.join(tempDir('imported-trf'), 'ledger.db');
    await appointOrganiser(db);
    const empty = await checksum(db);
    // without the dates the submission is refused as the import is, saying how to give them
    const undated = await run(db, ['submission', 'add', trf, '--format', 'trf'], ORGANISER);
    expect(undated).toMatchObject({ code: 1, err: expect.stringContaining('c5.trf: the file has no date of start (record 042) nor round dates (record 132); give its first day and, if another, its last: --start YYYY-MM-DD') });
    // a tournament still to come: its players' balances (dated its start) are refused as trf import refuses them
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const early = await run(db, ['submission', 'add', trf, '--format', 'trf', '--start', later], ORGANISER);
    expect(early).toMatchObject({ code: 1, err: expect.stringMatching(new RegExp(`c5\\.trf, line 2: the opening balance of Test0001 Player0001 \\(c5-1\\) under fide-2024 is dated ${later}, after today`)) });
    // a rule set the format's import does not rate under, or dates for a table that has its own, the same
    const goRules = await run(db, ['submission', 'add', trf, '--format', 'trf', '--rules', 'gobase-go', '--start', '2025-05-01'], ORGANISER);
    expect(goRules).toMatchObject({ code: 1, err: 'ledger: a TRF file is rated under fide-2024 or fide or uscf-k; got "gobase-go"\n' });
    const egdDates = await run(db, ['submission', 'add', path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h'), '--format', 'egd', '--start', '2025-05-01'], ORGANISER);
    expect(egdDates).toMatchObject({ code: 1, err: expect.stringContaining("an EGD file's dates are its own; a first or last day is given only with a TRF file that has none") });
    const egdRules = await run(db, ['submission', 'add', path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h'), '--format', 'egd', '--rules', 'fide'], ORGANISER);
    expect(egdRules).toMatchObject({ code: 1, err: 'ledger: an EGD file is rated under egd-gor or gobase-go; got "fide"\n' });
    expect(await checksum(db)).toBe(empty);

    const options = ['--rules', 'fide', '--start', '2025-05-01', '--end', '2025-05-03'];
    const received = await ok(db, ['submission', 'add', trf, '--format', 'trf', ...options], ORGANISER);
    expect(received).toContain('submission c5-1 of c5 received');
    expect(received).toMatch(/tournament c5 under fide: 6 players /);
    // the same files told otherwise are another submission, not the same one again
    expect(await ok(db, ['submission', 'add', trf, '--format', 'trf', '--rules', 'uscf-k', '--start', '2025-05-01'], ORGANISER)).toContain('submission c5-2 of c5 received');
    const shown = JSON.parse(await ok(db, ['submission', 'show', 'c5-1', '--json'])) as { options?: unknown };
    expect(shown.options).toEqual({ ruleSet: 'fide', startDate: '2025-05-01', endDate: '2025-05-03' });
    await ok(db, ['submission', 'approve', 'c5-1', '--reason', 'report checked']);
    await ok(direct, ['trf', 'import', trf, ...options]);
    const list = ['list', '--rules', 'fide', '--as-of', '2025-12-31', '--format', 'csv'];
    const after = await ok(db, list);
    expect(after).toMatch(/^rank,player_id,name,country,rating,games,provisional,last_played\n1,c5-\d,[^]*2025-05-03\n/);
    expect(after).toBe(await ok(direct, list));
    // the tournament is registered with the days given
    expect(await ok(db, ['tournament', 'show', 'c5'])).toContain('2025-05-01');
  }, 120_000);

  it('a games CSV goes the same way: every row at fault in one answer, players matched by id, differences from the pending one, approved as game report --csv records it', async () => {
    const dir = tempDir('submitted-csv');
    const db = path.join(dir, 'ledger.db');
    const direct = path.join(tempDir('reported-csv'), 'ledger.db');
    const write = (name: string, rows: string[]): string => {
      fs.writeFileSync(path.join(dir, name), ['game,tournament,round,first,second,result', ...rows, ''].join('\n'));
      return path.join(dir, name);
    };
    const players = write('players.csv', []);
    fs.writeFileSync(players, 'id,family,given,country\nA1,Aas,Ola,NO\nB2,Berg,Kari,NO\nC3,Dahl,Per,NO\n');
    for (const on of [db, direct]) {
      await ok(on, ['player', 'add', '--csv', players]);
      await ok(on, ['tournament', 'add', '--id', 'cup', '--name', 'Cup', '--start', '2026-03-01']);
    }
    await appointOrganiser(db);
    const at = await checksum(db);
    const bad = write('bad.csv', ['g1,cup,x,A1,B2,win', 'g2,other,2,B2,C3,draw', 'g3,cup,2,B2,Z9,draw', 'g4,cup,2,B2,C3,maybe']);
    expect((await run(db, ['submission', 'add', bad, '--format', 'csv', '--tournament', 'cup'], ORGANISER)).err.split('\n')).toEqual([
      'ledger: bad.csv, line 2: round must be a positive integer, got "x"',
      'bad.csv, line 3: the game is of tournament "other"; this submission is of cup (one tournament a submission)',
      'bad.csv, line 4: game g3: unknown second player "Z9"; register the player first (ledger player add)',
      'bad.csv, line 5: result "maybe" is not one of win, loss, draw, sennichite, unplayed, forfeit-win, forfeit-loss, bye (or 1-0, 0-1, 1/2)',
      '',
    ]);
    expect(await checksum(db)).toBe(at);

    // named after the tournament its rows name; each player matched by his id
    const first = JSON.parse(await ok(db, ['submission', 'add', write('cup.csv', ['g1,cup,1,A1,B2,win', 'g2,cup,2,B2,C3,draw']), '--format', 'csv', '--json'], ORGANISER)) as Record<string, unknown>;
    expect(first).toMatchObject({ submissionId: 'cup-1', status: 'appended', preview: { games: { rows: 2, recorded: 2, unchanged: 0 } } });
    expect((first.preview as { players: unknown }).players).toEqual(['A1', 'B2', 'C3'].map((id) => ({ playerId: id, name: id, by: 'id' })));
    expect(first.differences).toBeUndefined();
    const corrected = write('cup-corrected.csv', ['g1,cup,1,B2,A1,win', 'g3,cup,3,C3,A1,win']);
    const second = await ok(db, ['submission', 'add', corrected, '--format', 'csv'], ORGANISER);
    expect(second).toContain('submission cup-2 of cup received');
    expect(second).toMatch(/Differences from submission cup-1 \(pending\):\n.*\n.*\ngame +round 1: A1 – B2 +changed +win +loss\ngame +round 2: B2 – C3 +removed +draw *\ngame +round 3: A1 – C3 +added +loss\n/);

    await ok(db, ['submission', 'approve', 'cup-2', '--reason', 'score sheets checked'], { LEDGER_ACTOR: 'kari' });
    await ok(direct, ['game', 'report', '--csv', corrected]);
    for (const on of [db, direct]) await ok(on, ['tournament', 'close', '--id', 'cup']);
    expect(await ok(db, ['tournament', 'show', 'cup'])).toBe(await ok(direct, ['tournament', 'show', 'cup']));
    // the earlier one can no longer be approved as it is: shown with the reason, the read does not fail
    const shown = JSON.parse(await ok(db, ['submission', 'show', 'cup-1', '--json'])) as Record<string, unknown>;
    expect(shown).toMatchObject({ status: 'pending', previewRefused: 'cup.csv, line 2: game g1 of tournament "cup" is already reported with other facts; use a correction (ledger game correct) to change it' });
    expect(await ok(db, ['submission', 'show', 'cup-2'])).toMatch(/^approved by kari on \d{4}-\d{2}-\d{2}: score sheets checked \(recorded at position \d+\)$/m);
    expect(await ok(db, ['submission', 'list'])).toMatch(/^cup-2 +cup +csv +ola +\d{4}-\d{2}-\d{2} +approved +kari on \d{4}-\d{2}-\d{2}: score sheets checked$/m);
    await ok(db, ['verify']);
  }, 120_000);

  // before interchange.ts `correct`, `submission add` of the corrected file was refused: "game r1-51-1 ... is already reported with other facts"
  it('a corrected TRF report of a tournament approved already is shown as its corrections, and approved reads as trf import of the corrected file', async () => {
    const db = path.join(tempDir('submitted-trf-corrected'), 'ledger.db');
    await appointOrganiser(db);
    await ok(db, ['submission', 'add', GRANDMOMMYSCUP, '--format', 'trf', '--rules', 'fide'], ORGANISER);
    await ok(db, ['submission', 'approve', 'grandmommyscup-1', '--reason', 'cross table checked'], { LEDGER_ACTOR: 'kari' });
    const lines = grandmommyscupLines();
    const correctedLines = round1Corrected(lines);
    expect(correctedLines).not.toEqual(lines);
    const corrected = path.join(tempDir('corrected-trf'), 'grandmommyscup.trf');
    fs.writeFileSync(corrected, Buffer.from(correctedLines.join('\n'), 'latin1'));
    const before = await ok(db, ['list', '--rules', 'fide', '--format', 'csv', '--as-of', '2024-12-31']);

    const received = await ok(db, ['submission', 'add', corrected, '--format', 'trf', '--rules', 'fide'], ORGANISER);
    expect(received).toContain('submission grandmommyscup-2 of grandmommyscup received');
    // the officer's review before approval: how many results the file corrects, and which game, before → after
    const shown = await ok(db, ['submission', 'show', 'grandmommyscup-2']);
    expect(shown).toContain('submission grandmommyscup-2: pending');
    expect(shown).toContain('the tournament is recorded already: these files correct 1 of its results');
    expect(shown).toMatch(/Differences from submission grandmommyscup-1 \(approved\):\n.*\n.*\ngame +round 1: FIDE-70123454321 – FIDE-75123454321 +changed += +1\n/);
    expect(await ok(db, ['list', '--rules', 'fide', '--format', 'csv', '--as-of', '2024-12-31'])).toBe(before);

    expect(await ok(db, ['submission', 'approve', 'grandmommyscup-2', '--reason', 'score sheet checked'], { LEDGER_ACTOR: 'kari' })).toContain('submission grandmommyscup-2 approved: 2 fact(s)');
    const direct = path.join(tempDir('trf-corrected-direct'), 'ledger.db');
    await ok(direct, ['trf', 'import', corrected, '--rules', 'fide']);
    const approved = await ok(db, ['list', '--rules', 'fide', '--format', 'csv', '--as-of', '2024-12-31']);
    expect(approved).not.toBe(before);
    expect(approved).toBe(await ok(direct, ['list', '--rules', 'fide', '--format', 'csv', '--as-of', '2024-12-31']));
    // shown through the same use case as the server's GET /submissions/:id: one not there is not found (exit 2), as there a 404
    expect(await run(db, ['submission', 'show', 'grandmommyscup-3'])).toMatchObject({ code: 2, err: 'ledger: there is no submission grandmommyscup-3; the submissions are listed by ledger submission list\n' });
    await ok(db, ['verify']);
  }, 120_000);
});
