import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logChecksum } from '../../../src/adapters/store/migrate';
import { ledger, tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';

/**
 * POST /commands answers with what the command changes (issue 32, point 1): per tournament and player the rating
 * and grade before and after; `?dry-run=true` answers the same and records nothing; a correction names only what
 * changes, as `ledger game correct` does.
 */
describe('POST /commands shows its consequences', () => {
  const db = path.join(tempDir('http-consequences'), 'ledger.db');
  let api: Api;
  let officer = '';
  const post = (body: Record<string, unknown>, query = '') => api.post(`/commands${query}`, body, officer);
  const ratingsOf = async () =>
    new Map((JSON.parse((await ledger('list', '--json', '--active-years', '0', '--as-of', '2026-12-31', '--db', db)).out) as { players: { playerId: string; rating: number }[] }).players.map((p) => [p.playerId, p.rating]));

  beforeAll(async () => {
    api = await startApi(db);
    officer = await api.appoint('kari', 'officer');
    for (const id of ['P1', 'P2', 'P3']) expect((await post({ kind: 'RegisterPlayer', validDate: '2026-01-01', playerId: id, familyName: `Family${id}`, givenName: '', country: 'NO' })).status).toBe(201);
    expect((await post({ kind: 'RegisterTournament', validDate: '2026-02-01', tournamentId: 'T1', name: 'Open', place: '', startDate: '2026-02-01', endDate: '2026-02-02', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } })).status).toBe(201);
    for (const [gameId, round, first, second] of [['g1', 1, 'P1', 'P2'], ['g2', 2, 'P2', 'P3'], ['g3', 3, 'P3', 'P1']] as const) {
      expect((await post({ kind: 'ReportGame', validDate: '2026-02-01', tournamentId: 'T1', gameId, round, first, second, result: 'win' })).status).toBe(201);
    }
  });
  afterAll(async () => api.close());

  it('answers the closure and a correction with the ratings they change; a dry run the same, recording nothing', async () => {
    const close = { kind: 'CloseTournament', validDate: '2026-02-02', tournamentId: 'T1' };
    const closed = await post(close);
    expect(closed.status).toBe(201);
    const rated = await ratingsOf();
    // a tournament rated for the first time: each player from unrated to his list rating
    expect((closed.body.changes as { player: string; before: { rating: number | null }; after: { rating: number } }[]).map((c) => [c.player, c.before.rating, c.after.rating])).toEqual(
      [...rated].sort(([a], [b]) => a.localeCompare(b)).map(([id, r]) => [id, null, r]),
    );

    // only what changes: the game's round and players stay as reported
    const correction = { kind: 'CorrectResult', tournamentId: 'T1', gameId: 'g1', result: 'loss', reason: 'the sheet was misread' };
    const before = await logChecksum(api.store);
    const dry = await post(correction, '?dry-run=true');
    expect({ status: dry.status, dryRun: dry.body.dryRun, position: dry.body.position }).toEqual({ status: 200, dryRun: true, position: undefined });
    expect(await logChecksum(api.store)).toEqual(before);
    const real = await post(correction);
    expect({ status: real.status, dryRun: real.body.dryRun }).toEqual({ status: 201, dryRun: false });
    expect(real.body.events).toEqual([expect.objectContaining({ type: 'ResultCorrected', round: 1, first: 'P1', second: 'P2', result: 'loss' })]);
    expect(real.body.changes).toEqual(dry.body.changes);
    const now = await ratingsOf();
    const changed = (real.body.changes as { player: string; before: { rating: number }; after: { rating: number } }[]).map((c) => [c.player, c.before.rating, c.after.rating]);
    expect(changed).toEqual([...now].filter(([id, r]) => rated.get(id) !== r).sort(([a], [b]) => a.localeCompare(b)).map(([id, r]) => [id, rated.get(id), r]));
    expect(changed.length).toBeGreaterThan(0);

    expect((await post(correction, '?dry-run=maybe')).body.detail).toBe('dry-run must be true or false, got "maybe"');
  });

  it('answers an opening balance, an adjustment and a grade award for a player new to the rule set with his row, none -> rating', async () => {
    type Row = { tournament: string; date: string; player: string; ruleSet: string; before: { rating: number | null; grade?: string | null }; after: { rating: number | null; grade?: string | null } };
    // a player without a grade yet: null, in the list's JSON and in a write's consequences alike (issue 32)
    const pan = async () =>
      new Map((JSON.parse((await ledger('list', '--rules', 'pan-atlantic', '--json', '--db', db)).out) as { players: { id: string; rating: number; grade: string | null }[] }).players.map((p) => [p.id, { rating: p.rating, grade: p.grade }]));
    const officerFacts: [string, Record<string, unknown>][] = [
      ['P1', { kind: 'RecordOpeningBalance', playerId: 'P1', ruleSet: 'pan-atlantic', rating: 1700, validDate: '2026-01-01', reason: 'list 2025' }],
      ['P2', { kind: 'AdjustRating', adjustmentId: 'adj-p2', ruleSet: 'pan-atlantic', target: { kind: 'player', playerId: 'P2' }, change: { kind: 'set', rating: 1500 }, validDate: '2026-01-01', reason: 'federation decision' }],
      ['P3', { kind: 'AwardGrade', playerId: 'P3', ruleSet: 'pan-atlantic', grade: '1 Dan', validDate: '2026-01-01', reason: 'ratified by the federation' }],
    ];
    for (const [player, body] of officerFacts) {
      const before = await logChecksum(api.store);
      const dry = await post(body, '?dry-run=true');
      expect({ status: dry.status, body: dry.body.detail }).toEqual({ status: 200, body: undefined });
      expect(await logChecksum(api.store)).toEqual(before);
      const real = await post(body);
      expect(real.status).toBe(201);
      expect(real.body.changes).toEqual(dry.body.changes);
      const listed = (await pan()).get(player);
      const rows = real.body.changes as Row[];
      // an award to a player without a rating under the rule set gives him the grade, not a place on its list
      const after = body.kind === 'AwardGrade' ? { rating: null, grade: '1-dan' } : listed;
      if (body.kind === 'AwardGrade') expect(listed).toBeUndefined();
      expect(rows).toEqual([{ tournament: '-', date: '2026-01-01', player, name: expect.any(String), ruleSet: 'pan-atlantic', before: { rating: null }, after }]);
    }
  });
  it('names a later adjustment as overriding a change only under the rule set it adjusts (issue 32)', async () => {
    type Row = { tournament: string; player: string; ruleSet: string; overriddenBy?: { kind: string; date: string; reason: string } };
    // g1 of the FESA tournament T1 back to a win for P1: his change there, seen before each adjustment
    const p1ChangeInT1 = async () => {
      const dry = await post({ kind: 'CorrectResult', tournamentId: 'T1', gameId: 'g1', result: 'win', reason: 'the sheet was right' }, '?dry-run=true');
      expect(dry.status).toBe(200);
      return (dry.body.changes as Row[]).find((c) => c.tournament === 'T1' && c.player === 'P1');
    };
    const adjust = (id: string, ruleSet: string) =>
      post({ kind: 'AdjustRating', adjustmentId: id, ruleSet, target: { kind: 'player', playerId: 'P1' }, change: { kind: 'set', rating: 1600 }, validDate: '2026-03-01', reason: `set under ${ruleSet}` });
    expect((await p1ChangeInT1())?.overriddenBy).toBeUndefined();
    // under another rule set: it sets another list's rating, not the one the correction changes
    expect((await adjust('adj-p1-pan', 'pan-atlantic')).status).toBe(201);
    const underPan = await p1ChangeInT1();
    expect(underPan?.ruleSet).toMatch(/^fesa/);
    expect(underPan?.overriddenBy).toBeUndefined();
    // under FESA: the correction's change stops at it, and the answer says so
    expect((await adjust('adj-p1-fesa', 'fesa')).status).toBe(201);
    expect((await p1ChangeInT1())?.overriddenBy).toEqual(expect.objectContaining({ kind: 'RatingAdjusted', date: '2026-03-01', reason: 'set under fesa' }));
  });
});
