/**
 * A submission's check, preview and approval decided from the streams its files read (a TRF, an EGD table, a games
 * CSV: src/app/file-streams.ts) answer what the whole log's deciders' state answers: the same preview, the same
 * refusal, the same facts recorded.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { SubmissionFormat } from '../../domain/events';
import { SUBMISSION_READERS } from '../../src/adapters/formats/submission-readers';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import { Ledger, type DecideFrom } from '../../src/app/ledger';
import { loadFacts } from '../../src/app/load';
import { Submissions, type SubmissionInput } from '../../src/app/submissions';
import { FIXTURES, tempDir } from '../support/helpers';

const fileOf = (format: SubmissionFormat, file: string, tournamentId: string, by = 'org'): SubmissionInput => ({
  files: [{ name: path.basename(file), base64: fs.readFileSync(file).toString('base64') }],
  format,
  tournamentId,
  by: { name: by, role: 'organiser' },
  validDate: '2026-11-28',
});

const C5 = fileOf('trf', path.join(FIXTURES, 'trf', 'bbp-dutch_2025_C5.trf'), 'c5');
const GRANDMOMMY = fileOf('trf', path.join(FIXTURES, 'trf', 'grandmommyscup.trf'), 'grandmommyscup');
const CUP = fileOf('egd', path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h'), 'cup');
/** A later tournament of the cup's players: each is matched by his PIN, in the tournament the cup rated. */
const returnCup = (): SubmissionInput => {
  const file = path.join(tempDir('sub-return'), 'return-cup.h');
  const cup = fs.readFileSync(path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h'), 'utf8');
  fs.writeFileSync(file, cup.replace('EV[Ledger test cup]', 'EV[Ledger return cup]').replace('DT[2026-05-02,2026-05-03]', 'DT[2026-06-06,2026-06-07]'));
  return fileOf('egd', file, 'return-cup');
};

/** The same players' table again under another id: refused as imported before, by either path. */
const CUP_AGAIN = fileOf('egd', path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h'), 'cup-again');

/** What a submission answers, without when it was recorded (the two ledgers record at different times). */
const outcome = async (answer: Promise<unknown>): Promise<unknown> => {
  try {
    return await answer;
  } catch (error) {
    return { refused: (error as Error).message };
  }
};

const factsOf = async (db: string): Promise<unknown[]> => {
  const store = openSqliteStore(db);
  try {
    return (await loadFacts(store)).map(({ event, globalPosition }) => ({ event, globalPosition }));
  } finally {
    await store.close();
  }
};

/** Hansen-Lie Ola (EGD-11111111, of the cup) registered again as NO-ola, and the PIN's id merged into it. */
const mergeOla = async (ledger: Ledger): Promise<unknown> => {
  const base = { validDate: '2026-05-10', actor: 'officer' };
  await ledger.execute({ ...base, kind: 'RegisterPlayer', playerId: 'NO-ola', familyName: 'Hansen-Lie', givenName: 'Ola', country: 'NO' });
  return ledger.execute({ ...base, kind: 'MergePlayers', survivor: 'NO-ola', absorbed: 'EGD-11111111', reason: 'same person' });
};

/** Each step run on its own ledger file by a ledger deciding `from`; the answers in order. */
const run = async (db: string, from: DecideFrom): Promise<unknown[]> => {
  const store = openSqliteStore(db);
  const ledger = new Ledger(store, from);
  const submissions = new Submissions(ledger, SUBMISSION_READERS);
  const answers: unknown[] = [];
  try {
    // a file without its dates: refused alike
    answers.push(await outcome(submissions.check(C5)));
    for (const input of [CUP, GRANDMOMMY, returnCup()]) {
      // before the return cup: the cup's winner (his PIN) merged into an id of his own, which the file never names
      if (input.tournamentId === 'return-cup') answers.push(await outcome(mergeOla(ledger)));
      answers.push(await outcome(submissions.check(input)));
      const { submissionId, preview } = await submissions.submit(input);
      answers.push(submissionId, preview, await outcome(submissions.preview(submissionId)));
      answers.push(await outcome(submissions.approve({ submissionId, by: 'officer', reason: 'checked', validDate: '2026-11-28' })));
    }
    answers.push(await outcome(submissions.check(CUP_AGAIN)));
    // the grandmommyscup file again under its own id: every player matched by id, nothing new to record
    answers.push(await outcome(submissions.check(GRANDMOMMY)));
  } finally {
    await store.close();
  }
  return answers;
};

describe('submissions decided from their streams', () => {
  it('answer and record what the whole state answers and records', async () => {
    const [streams, whole] = [path.join(tempDir('sub-streams'), 'ledger.db'), path.join(tempDir('sub-whole'), 'ledger.db')];
    const [fromStreams, fromWhole] = [await run(streams, 'streams'), await run(whole, 'whole-log')];
    expect(fromStreams).toEqual(fromWhole);
    // the runs did something worth comparing: three approvals with rating changes, refusals
    const approvals = fromWhole.filter((a) => (a as { recorded?: number } | undefined)?.recorded !== undefined) as { recorded: number; changes: { consequences: { changes: unknown[] } } }[];
    expect(approvals.map((a) => a.recorded > 0 && a.changes.consequences.changes.length > 0)).toEqual([true, true, true]);
    expect(JSON.stringify(fromWhole[0])).toMatch(/no date of start/);
    expect(JSON.stringify(fromWhole.at(-2))).toMatch(/imported before as/);
    const strip = (facts: unknown[]) => JSON.stringify(facts).replace(/"recordedAt":"[^"]*"/g, '');
    expect(strip(await factsOf(streams))).toBe(strip(await factsOf(whole)));
    // the merge before the return cup was recorded, and the return cup's consequences name the person by the
    // survivor's id (the PIN the file gives is his absorbed one): the case the merge step is there for
    expect(fromWhole[11]).toMatchObject({ status: 'appended', events: [{ type: 'PlayersMerged', survivor: 'NO-ola' }] });
    const returnCupChanges = (fromWhole[16] as { changes: { consequences: { changes: { tournament: string; player: string }[] } } }).changes.consequences.changes;
    expect(returnCupChanges.filter((c) => c.tournament === 'return-cup').map((c) => c.player)).toContain('NO-ola');
    expect(returnCupChanges.map((c) => c.player)).not.toContain('EGD-11111111');
  }, 120_000);
});
