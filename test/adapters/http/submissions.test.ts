import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEventFolder } from '../../../src/adapters/formats/fesa/folders';
import { logChecksum } from '../../../src/adapters/store/migrate';
import { decodeEgd, parseEgd } from '../../../src/adapters/formats/egd';
import { decodeTrf, parseTrf } from '../../../src/adapters/formats/trf';
import { importEgd } from '../../../src/app/egd';
import { importFesaFolders } from '../../../src/app/fesa-import';
import { loadFacts } from '../../../src/app/load';
import { importTrf } from '../../../src/app/trf';
import { today } from '../../../src/adapters/clock';
import { eventDate, FIXTURES, NEKOMADO, tempDir } from '../../support/helpers';
import { grandmommyscupLines, round1Corrected } from '../../support/corrected-trf';
import { startApi, type Api } from './api';

/** The club archive's first three tournaments, each folder's files as its organiser would hand them in. */
const FOLDERS = ['01_1st_nekomadoken', '02_2nd_nekomadoken', '03_3rd_nekomadoken'];
const FILES = ['turnering.txt', 'nye-spillere', 'ratingliste.pre'];
const filesOf = (dir: string): { name: string; base64: string }[] => FILES.map((name) => ({ name, base64: fs.readFileSync(path.join(dir, name)).toString('base64') }));
const submission = (folder: string, dir = path.join(NEKOMADO, folder)) => ({ tournamentId: folder, format: 'fesa', files: filesOf(dir) });
const LAST = eventDate(path.join(NEKOMADO, FOLDERS[2]!));

/**
 * Organisers submit over HTTP, officers approve or reject (issue 33): lists do not move before an approval, read as
 * `fesa import` of the same folders after it, and an organiser can do nothing else. Every answer is held to the
 * OpenAPI document by api.ts.
 */
describe('HTTP submissions: organisers submit, officers decide', () => {
  let api: Api;
  let imported: Api;
  let ola = '';
  let per = '';
  let kari = '';
  let auditor = '';
  const fesaList = async (on: Api, asOf: string): Promise<Buffer> => (await on.get(`/lists?as-of=${asOf}&format=fesa`)).bytes;

  beforeAll(async () => {
    api = await startApi(path.join(tempDir('http-submissions'), 'ledger.db'), { limits: { writesPerMinute: 100 } });
    ola = await api.appoint('ola', 'organiser');
    per = await api.appoint('per', 'organiser');
    kari = await api.appoint('kari', 'officer');
    auditor = await api.appoint('auditor-1', 'auditor');
    // the same folders as `fesa import` records them, to hold the approved lists to
    imported = await startApi(path.join(tempDir('http-submissions-import'), 'ledger.db'));
    const folders = FOLDERS.map((f) => readEventFolder(path.join(NEKOMADO, f))).map((f) => (E.isRight(f) ? f.right : expect.fail(f.left)));
    await importFesaFolders(imported.ledger, folders, { actor: 'kari' });
  }, 60_000);
  afterAll(async () => {
    await api.close();
    await imported.close();
  });

  it('lists stay as they were until an officer approves; approved, they read byte for byte as fesa import of the same folders', async () => {
    const playedBefore: string[] = [];
    for (const folder of FOLDERS) {
      const date = eventDate(path.join(NEKOMADO, folder));
      const before = await fesaList(api, date);
      const received = await api.post('/submissions', submission(folder), ola);
      expect(received.status).toBe(201);
      expect(received.body).toMatchObject({ submissionId: `${folder}-1`, status: 'appended', preview: { list: expect.any(Array) } });
      // a FESA file names its players: each is matched by his name to the player the lists know by it, or is new
      const cross = readEventFolder(path.join(NEKOMADO, folder));
      const names = (E.isRight(cross) ? cross.right : expect.fail(cross.left)).event.players.map((p) => (p.firstName ? `${p.lastName}, ${p.firstName}` : p.lastName));
      const played = new Set(playedBefore);
      expect((received.body.preview as { players: unknown }).players).toEqual(names.map((name) => ({ playerId: name, name, by: played.has(name) ? 'name' : 'new' })));
      playedBefore.push(...names);
      expect((await fesaList(api, date)).equals(before)).toBe(true);
      // the officer's review: the submission with what approving it would change
      const shown = await api.get(`/submissions/${folder}-1`, kari);
      expect(shown.body).toMatchObject({ status: 'pending', submitter: 'ola', role: 'organiser', files: FILES, preview: { list: expect.any(Array) } });
      const approved = await api.post(`/submissions/${folder}-1/approve`, { reason: 'cross table checked' }, kari);
      expect(approved.status).toBe(201);
      expect(approved.body).toMatchObject({ status: 'appended', recorded: expect.any(Number) });
    }
    expect((await fesaList(api, LAST)).equals(await fesaList(imported, LAST))).toBe(true);
    // the same files again are the same submission; approving twice records nothing
    const at = await logChecksum(api.store);
    expect((await api.post('/submissions', submission(FOLDERS[0]!), ola)).body).toMatchObject({ status: 'unchanged', submissionId: `${FOLDERS[0]}-1` });
    expect((await api.post(`/submissions/${FOLDERS[0]}-1/approve`, { reason: 'again' }, kari)).body).toMatchObject({ status: 'unchanged', recorded: 0 });
    expect(await logChecksum(api.store)).toEqual(at);
    expect((await api.get(`/submissions/${FOLDERS[1]}-1`, ola)).body).toMatchObject({ status: 'approved', decision: { by: 'kari', reason: 'cross table checked' } });
  }, 60_000);

  it('an organiser sees only his own submissions and can approve, reject or write nothing else (403 problem+json)', async () => {
    const folder = '04_4th_nekomadoken';
    expect((await api.post('/submissions', submission(folder), per)).status).toBe(201);
    const before = await logChecksum(api.store);
    const approve = await api.post(`/submissions/${folder}-1/approve`, { reason: 'mine' }, per);
    expect([approve.status, approve.type]).toEqual([403, 'application/problem+json; charset=utf-8']);
    expect(approve.body).toMatchObject({ requiredRole: 'officer', detail: 'this route needs the officer role; per is an organiser' });
    expect((await api.post(`/submissions/${folder}-1/reject`, { reason: 'no' }, ola)).body).toMatchObject({ status: 403, requiredRole: 'officer' });
    expect((await api.post('/commands', { kind: 'RegisterPlayer', validDate: '2026-01-01', playerId: 'X1', familyName: 'X', givenName: 'Y', country: 'NO' }, ola)).body).toMatchObject({ status: 403, requiredRole: 'officer' });
    expect((await api.get('/events', ola)).body).toMatchObject({ status: 403, requiredRole: 'auditor' });
    // another organiser's submission is not his to know of
    expect((await api.get(`/submissions/${folder}-1`, ola)).body).toMatchObject({ status: 404, detail: `there is no submission ${folder}-1 of ola; GET /submissions lists them` });
    const own = (await api.get('/submissions', ola)).body.submissions as { submitter: string }[];
    expect(own.length).toBe(FOLDERS.length);
    expect(own.every((s) => s.submitter === 'ola')).toBe(true);
    expect(((await api.get('/submissions', kari)).body.submissions as unknown[]).length).toBe(FOLDERS.length + 1);
    expect((await api.post('/submissions', submission(folder))).body).toMatchObject({ status: 401, requiredRole: 'organiser' });
    // an auditor reads every submission and its decision, but sends none
    expect(((await api.get('/submissions', auditor)).body.submissions as unknown[]).length).toBe(FOLDERS.length + 1);
    expect((await api.post('/submissions', submission(folder), auditor)).body).toMatchObject({ status: 403, detail: 'submissions are sent by an organiser or an officer; auditor-1 is an auditor, who reads them (GET /submissions)' });
    expect(await logChecksum(api.store)).toEqual(before);
  });

  it('a rejection needs a reason and records only itself; the organiser reads it; a rejected submission cannot be approved', async () => {
    const folder = '04_4th_nekomadoken';
    const before = await logChecksum(api.store);
    expect((await api.post(`/submissions/${folder}-1/reject`, {}, kari)).body).toMatchObject({ status: 422, parameter: 'reason' });
    expect((await api.post(`/submissions/${folder}-1/reject`, { reason: 'x', why: 'y' }, kari)).body).toMatchObject({ status: 422, parameter: 'why' });
    expect(await logChecksum(api.store)).toEqual(before);
    const list = await fesaList(api, LAST);
    expect((await api.post(`/submissions/${folder}-1/reject`, { reason: 'round 3 is missing' }, kari)).status).toBe(201);
    expect((await fesaList(api, LAST)).equals(list)).toBe(true);
    expect((await api.get(`/submissions/${folder}-1`, per)).body).toMatchObject({ status: 'rejected', decision: { by: 'kari', reason: 'round 3 is missing' } });
    expect((await api.post(`/submissions/${folder}-1/approve`, { reason: 'after all' }, kari)).body).toMatchObject({ status: 422, detail: `submission ${folder}-1 was rejected and cannot be approved; the organiser can submit the files again` });
    const events = ((await api.get('/events?limit=10000', kari)).body.events as { event: { type: string; actor: string } }[]).map((e) => e.event);
    expect(events.filter((e) => e.type === 'SubmissionRejected')).toMatchObject([{ actor: 'kari', reason: 'round 3 is missing' }]);
    // the auditor reads who submitted and who decided, when (both clocks) and why; the chain holds them
    const audited = ((await api.get('/submissions', auditor)).body.submissions as { submissionId: string }[]).find((v) => v.submissionId === `${folder}-1`);
    expect(audited).toMatchObject({
      submitter: 'per', role: 'organiser', received: { recordedAt: expect.stringMatching(/^\d{4}-/), position: expect.any(Number) },
      decision: { by: 'kari', reason: 'round 3 is missing', on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), recordedAt: expect.stringMatching(/^\d{4}-/), position: expect.any(Number) },
    });
    expect((await api.get('/verify', auditor)).body).toMatchObject({ holds: true });
  });

  it('a bad file or body is refused with a sentence naming the file, line or field, and records nothing', async () => {
    const bad = path.join(tempDir('http-bad-folder'), FOLDERS[0]!);
    fs.mkdirSync(bad);
    for (const f of FILES) fs.copyFileSync(path.join(NEKOMADO, FOLDERS[0]!, f), path.join(bad, f));
    const cross = fs.readFileSync(path.join(bad, 'turnering.txt'), 'latin1');
    fs.writeFileSync(path.join(bad, 'turnering.txt'), Buffer.from(cross.replace('2 [N3] [] [3- 4+ 12+]', '2 [N3] [] [3- 4* 12+]'), 'latin1'));
    const before = await logChecksum(api.store);
    const refused = await api.post('/submissions', submission('05_bad', bad), ola);
    expect(refused.body).toMatchObject({ status: 422, detail: 'turnering.txt:4: round 2: expected a result +, - or = after opponent 4, found "*"' });
    // every line at fault in every file, in one answer: two in turnering.txt, one in nye-spillere
    fs.writeFileSync(path.join(bad, 'turnering.txt'), Buffer.from(cross.replace('2 [N3] [] [3- 4+ 12+]', '2 [N3] [] [3- 4* 12+]').replace('5 [N6] [] [10- 17- 16+]', '5 [N6] [] 10- 17- 16+'), 'latin1'));
    fs.writeFileSync(path.join(bad, 'nye-spillere'), fs.readFileSync(path.join(bad, 'nye-spillere'), 'latin1').replace('"N3" "" (#S(HOME', '"N3" "" (#S(HOUSE'), 'latin1');
    const all = await api.post('/submissions', submission('05_bad', bad), ola);
    expect((all.body.detail as string).split('\n')).toEqual([
      'turnering.txt:4: round 2: expected a result +, - or = after opponent 4, found "*"',
      'turnering.txt:7: expected "<nr> [last name] [first name] <supplements> [results]" (bracket 3 is missing or out of order)',
      expect.stringMatching(/^nye-spillere:3: /),
    ]);
    expect((await api.post('/submissions', { ...submission(FOLDERS[0]!), files: [{ name: 'turnering.txt', base64: 'not base64!' }] }, ola)).body).toMatchObject({ status: 422, parameter: 'files.0.base64' });
    expect((await api.post('/submissions', { ...submission(FOLDERS[0]!), tournamentId: 'a/b' }, ola)).body).toMatchObject({ status: 422, parameter: 'tournamentId' });
    expect((await api.post('/submissions', { ...submission(FOLDERS[0]!), format: 'pgn' }, ola)).body).toMatchObject({ status: 422, parameter: 'format' });
    expect((await api.post('/submissions', { ...submission(FOLDERS[0]!), files: [{ name: 'notes.txt', base64: '' }] }, ola)).body).toMatchObject({ status: 422, detail: expect.stringContaining('notes.txt: not a file of a FESA event folder') });
    // a games CSV is decided as game report --csv decides it: its tournament must be in the ledger
    const games = Buffer.from('game,tournament,round,first,second,result\ng1,cup,1,A,B,win\ng2,cup,1,C,D,1-0\n').toString('base64');
    expect((await api.post('/submissions', { tournamentId: 'cup', format: 'csv', files: [{ name: 'games.csv', base64: games }] }, ola)).body).toMatchObject({
      status: 422,
      detail: 'games.csv, line 2: unknown tournament "cup"; register it first (ledger tournament add)\ngames.csv, line 3: unknown tournament "cup"; register it first (ledger tournament add)',
    });
    expect(await logChecksum(api.store)).toEqual(before);
  });

  it('a TRF report and an EGD table go the same way: pending they change no list, approved they read as trf import and egd import', async () => {
    const trf = path.join(FIXTURES, 'trf', 'grandmommyscup.trf');
    const egd = path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h');
    const fileOf = (file: string) => ({ name: path.basename(file), base64: fs.readFileSync(file).toString('base64') });
    // a list as of the head of the log (a reader may otherwise be given the last one while the new one is folded)
    const list = async (on: Api, ruleSet: string) => (await on.request('GET', `/lists?rules=${ruleSet}&format=csv&as-of=2026-12-31`, { headers: { 'X-Ledger-Min-Position': String(await on.store.headPosition()) } })).bytes;
    for (const [format, file, id, ruleSet] of [['trf', trf, 'grandmommyscup', 'fide-2024'], ['egd', egd, 'constructed-ledger-cup', 'egd-gor']] as const) {
      const before = await list(api, ruleSet);
      const received = await api.post('/submissions', { tournamentId: id, format, files: [fileOf(file)] }, ola);
      expect(received.status).toBe(201);
      expect(received.body.preview).toMatchObject({ list: [], runs: [], tournament: { tournamentId: id, ruleSet, games: expect.any(Number) } });
      // players by FIDE number or EGD PIN, none known yet: as many new as the import would register
      const { players, tournament } = received.body.preview as { players: { by: string }[]; tournament: { players: number; newPlayers: number } };
      expect([players.length, players.filter((p) => p.by === 'new').length]).toEqual([tournament.players, tournament.newPlayers]);
      expect((await list(api, ruleSet)).equals(before)).toBe(true);
      expect((await api.post(`/submissions/${id}-1/approve`, { reason: 'checked' }, kari)).body).toMatchObject({ status: 'appended', recorded: expect.any(Number) });
      const bytes = fs.readFileSync(file);
      if (format === 'trf') {
        const parsed = parseTrf(decodeTrf(bytes), path.basename(file));
        await importTrf(imported.ledger, E.isRight(parsed) ? parsed.right : expect.fail(parsed.left.message), { file: path.basename(file), actor: 'kari', tournamentId: id, ruleSet: 'fide-2024', today: today() });
      } else {
        const parsed = parseEgd(decodeEgd(bytes), path.basename(file));
        await importEgd(imported.ledger, E.isRight(parsed) ? parsed.right : expect.fail(parsed.left.message), { file: path.basename(file), actor: 'kari', tournamentId: id, today: today() });
      }
      const approved = await list(api, ruleSet);
      expect(approved.toString()).not.toBe(before.toString());
      expect(approved.toString()).toBe((await list(imported, ruleSet)).toString());
    }
    // one file, and read as trf import reads it: refused otherwise, nothing recorded
    const at = await logChecksum(api.store);
    expect((await api.post('/submissions', { tournamentId: 'two', format: 'trf', files: [fileOf(trf), fileOf(egd)] }, ola)).body).toMatchObject({ status: 422, detail: 'a TRF file is submitted alone; got 2 (grandmommyscup.trf, constructed-ledger-cup.h)' });
    const broken = { name: 'cup.trf', base64: Buffer.from(fs.readFileSync(trf, 'utf8').replace(/^042 .*$/m, '042 2024/13/01')).toString('base64') };
    expect((await api.post('/submissions', { tournamentId: 'cup', format: 'trf', files: [broken] }, ola)).body).toMatchObject({ status: 422, detail: expect.stringMatching(/^cup\.trf, line \d+/) });
    // the import's options as trf import takes them: a misspelt one is said, a rule set of another format refused
    const undated = { name: 'c5.trf', base64: fs.readFileSync(path.join(FIXTURES, 'trf', 'bbp-dutch_2025_C5.trf')).toString('base64') };
    expect((await api.post('/submissions', { tournamentId: 'c5', format: 'trf', files: [undated] }, ola)).body).toMatchObject({ status: 422, detail: expect.stringContaining('(a submission over HTTP: options.startDate and options.endDate)') });
    expect((await api.post('/submissions', { tournamentId: 'c5', format: 'trf', files: [undated], options: { start: '2025-05-01' } }, ola)).body).toMatchObject({ status: 422, parameter: 'options.start' });
    expect((await api.post('/submissions', { tournamentId: 'c5', format: 'trf', files: [undated], options: { startDate: '2025-05-32' } }, ola)).body).toMatchObject({ status: 422, parameter: 'options.startDate' });
    expect((await api.post('/submissions', { tournamentId: 'c5', format: 'trf', files: [undated], options: { ruleSet: 'egd-gor', startDate: '2025-05-01' } }, ola)).body).toMatchObject({ status: 422, detail: 'a TRF file is rated under fide-2024 or fide or uscf-k; got "egd-gor"' });
    expect(await logChecksum(api.store)).toEqual(at);
    const dated = await api.post('/submissions', { tournamentId: 'c5', format: 'trf', files: [undated], options: { ruleSet: 'uscf-k', startDate: '2025-05-01' } }, ola);
    expect(dated.body).toMatchObject({ status: 'appended', submissionId: 'c5-1', preview: { tournament: { ruleSet: 'uscf-k', players: 6 } } });
    expect((await api.get('/submissions/c5-1', ola)).body).toMatchObject({ options: { ruleSet: 'uscf-k', startDate: '2025-05-01' } });
  }, 60_000);

  it('a corrected submission of a tournament recorded already turns into corrections of its results, shown before approval', async () => {
    const folder = FOLDERS[2]!;
    const corrected = path.join(FIXTURES, 'fesa-corrected', folder);
    const before = await fesaList(api, LAST);
    const received = await api.post('/submissions', submission(folder, corrected), ola);
    expect(received.body).toMatchObject({ submissionId: `${folder}-2`, status: 'appended', preview: { corrections: 2 } });
    // what the organiser changed since his approved submission: the two corrected games, from N16's side (first by id)
    expect(received.body.differences).toEqual({
      since: `${folder}-1`,
      sinceStatus: 'approved',
      changes: [
        { subject: 'game', key: 'round 1: N16 – N8', change: 'changed', before: 'win', after: 'loss' },
        { subject: 'game', key: 'round 3: N14 – N16', change: 'changed', before: 'loss', after: 'draw' },
      ],
    });
    // the correction re-rates the tournament: its players' ratings after it, before → after
    expect((received.body.preview as { runs: { tournamentId: string }[] }).runs.map((r) => r.tournamentId)).toContain(folder);
    expect((await fesaList(api, LAST)).equals(before)).toBe(true);
    expect((await api.post(`/submissions/${folder}-2/approve`, { reason: 'score sheets checked' }, kari)).body).toMatchObject({ status: 'appended', recorded: 2 });
    const read = readEventFolder(corrected);
    await importFesaFolders(imported.ledger, [E.isRight(read) ? read.right : expect.fail(read.left)], { actor: 'kari', correct: true });
    const after = await fesaList(api, LAST);
    expect(after.equals(before)).toBe(false);
    expect(after.equals(await fesaList(imported, LAST))).toBe(true);
  }, 60_000);
  // before interchange.ts `correct`, refused with 422 "game r1-51-1 ... is already reported with other facts"
  it('a corrected TRF report of a tournament approved already turns into corrections of its results, shown before approval', async () => {
    // round 1 of grandmommyscup (approved above): player 1 beat player 51 instead of drawing, the points said to match
    const lines = grandmommyscupLines();
    const corrected = round1Corrected(lines);
    expect(corrected).not.toEqual(lines);
    const file = { name: 'grandmommyscup.trf', base64: Buffer.from(corrected.join('\n'), 'latin1').toString('base64') };
    const received = await api.post('/submissions', { tournamentId: 'grandmommyscup', format: 'trf', files: [file] }, ola);
    expect([received.status, received.body.detail]).toEqual([201, undefined]);
    expect(received.body).toMatchObject({ submissionId: 'grandmommyscup-2', status: 'appended', preview: { corrections: 1 } });
    expect(received.body.differences).toMatchObject({ since: 'grandmommyscup-1', sinceStatus: 'approved', changes: [expect.objectContaining({ subject: 'game', change: 'changed' })] });
    expect((await api.post('/submissions/grandmommyscup-2/approve', { reason: 'score sheet checked' }, kari)).body).toMatchObject({ status: 'appended', recorded: 2 }); // the correction and the approval (a TRF approval counts it, FESA's does not)
    expect((await api.get('/submissions/grandmommyscup-2', ola)).body).toMatchObject({ status: 'approved' });

    // a later file without that game (both given a zero-point bye instead): the game is withdrawn, as a FESA folder's is
    const withoutIt = corrected.map((l) =>
      l.startsWith('001    1 ') ? l.replace(' 8.5 ', ' 7.5 ').replace('   51 b 1', ' 0000 - Z') : l.startsWith('001   51 ') ? l.replace('     1 w 0', '  0000 - Z') : l,
    );
    expect(withoutIt).not.toEqual(corrected);
    const third = { name: 'grandmommyscup.trf', base64: Buffer.from(withoutIt.join('\n'), 'latin1').toString('base64') };
    const withdrawn = await api.post('/submissions', { tournamentId: 'grandmommyscup', format: 'trf', files: [third] }, ola);
    expect([withdrawn.status, withdrawn.body.detail]).toEqual([201, undefined]);
    await api.post('/submissions/grandmommyscup-3/approve', { reason: 'the game was not played' }, kari);
    const facts = await loadFacts(api.store);
    const left = facts.filter((f) => f.event.type === 'GameWithdrawn' && f.event.tournamentId === 'grandmommyscup');
    expect(left.map((f) => (f.event as { gameId: string; reason: string }).reason)).toEqual(['not in the corrected results file grandmommyscup.trf']);
  }, 60_000);
  // before egd.ts passed `correct` on, refused with 422 "game ... is already reported with other facts"
  it('a corrected EGD table of a tournament approved already turns into corrections, and a game it no longer has into a withdrawal', async () => {
    // constructed-ledger-cup (approved above): in round 1 Berg Kari beat Hansen-Lie Ola, not the other way round
    const lines = fs.readFileSync(path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h'), 'utf8').split('\n');
    const corrected = lines.map((l) => (l.startsWith('  1 ') ? l.replace('2+/w0', '2-/w0') : l.startsWith('  2 ') ? l.replace('1-/b0', '1+/b0') : l));
    expect(corrected).not.toEqual(lines);
    const fileOf = (table: readonly string[]) => ({ name: 'constructed-ledger-cup.h', base64: Buffer.from(table.join('\n')).toString('base64') });
    const before = await loadFacts(api.store);
    const received = await api.post('/submissions', { tournamentId: 'constructed-ledger-cup', format: 'egd', files: [fileOf(corrected)] }, ola);
    expect([received.status, received.body.detail]).toEqual([201, undefined]);
    expect(received.body).toMatchObject({ submissionId: 'constructed-ledger-cup-2', status: 'appended', preview: { corrections: 1, tournament: { ruleSet: 'egd-gor' } } });
    expect(received.body.differences).toMatchObject({ since: 'constructed-ledger-cup-1', sinceStatus: 'approved', changes: [expect.objectContaining({ subject: 'game', key: expect.stringMatching(/^round 1: /), change: 'changed' })] });
    // the review shows the correction before approval; nothing of it is recorded until then
    expect((await api.get('/submissions/constructed-ledger-cup-2', kari)).body).toMatchObject({ status: 'pending', preview: { corrections: 1 } });
    expect((await loadFacts(api.store)).filter((f) => f.event.type === 'ResultCorrected')).toEqual(before.filter((f) => f.event.type === 'ResultCorrected'));
    expect((await api.post('/submissions/constructed-ledger-cup-2/approve', { reason: 'score sheet checked' }, kari)).body).toMatchObject({ status: 'appended', recorded: 2 });
    const corrections = (await loadFacts(api.store)).filter((f) => f.event.type === 'ResultCorrected' && f.event.tournamentId === 'constructed-ledger-cup');
    expect(corrections.map((f) => (f.event as { reason: string }).reason)).toEqual(['corrected results file constructed-ledger-cup.h']);

    // a later table without round 3's game of Berg Kari and Dahl Per_Olav (both given a bye instead): it is withdrawn
    const withoutIt = corrected.map((l) => (l.startsWith('  2 ') ? l.replace('3+/b ', '0-   ') : l.startsWith('  3 ') ? l.replace('2-/w ', '0-   ') : l));
    expect(withoutIt).not.toEqual(corrected);
    const third = await api.post('/submissions', { tournamentId: 'constructed-ledger-cup', format: 'egd', files: [fileOf(withoutIt)] }, ola);
    expect([third.status, third.body.detail]).toEqual([201, undefined]);
    expect((await api.post('/submissions/constructed-ledger-cup-3/approve', { reason: 'the game was not played' }, kari)).body).toMatchObject({ status: 'appended' });
    const left = (await loadFacts(api.store)).filter((f) => f.event.type === 'GameWithdrawn' && f.event.tournamentId === 'constructed-ledger-cup');
    expect(left.map((f) => (f.event as { reason: string }).reason)).toEqual(['not in the corrected results file constructed-ledger-cup.h']);
  }, 60_000);
});
