import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logChecksum } from '../../../src/adapters/store/migrate';
import { tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';

/** POST /commands kind RecordOpeningBalance: what `ledger player balance` does, from a legacy list's values as JSON. */
describe('HTTP RecordOpeningBalance', () => {
  let api: Api;
  let officer = '';
  beforeAll(async () => {
    api = await startApi(path.join(tempDir('http-balance'), 'ledger.db'));
    officer = await api.appoint('kari', 'officer');
    for (const id of ['P1', 'P2']) {
      expect((await api.post('/commands', { kind: 'RegisterPlayer', validDate: '2024-01-01', playerId: id, familyName: `Family${id}`, givenName: '', country: 'US' }, officer)).status).toBe(201);
    }
  });
  afterAll(async () => api.close());

  const balance = (extra: Record<string, unknown> = {}) => ({ kind: 'RecordOpeningBalance', playerId: 'P1', ruleSet: 'pan-atlantic', rating: 1700, grade: '2 Dan', validDate: '2025-01-01', reason: 'pan-atlantic list 2024', ...extra });

  it('records the rule set\'s own state built by the ledger, once; refuses bad fields and an unknown player, recording nothing', async () => {
    const recorded = await api.post('/commands', balance(), officer);
    expect(recorded.status).toBe(201);
    expect(recorded.body.events).toEqual([expect.objectContaining({
      type: 'OpeningBalanceImported', eventId: 'opening:pan-atlantic:P1:balance 2025-01-01', actor: 'kari', playerId: 'P1', ruleSet: 'pan-atlantic',
      state: { rating: 1700, games: 15, record: [], clubGrade: null, grade: '2-dan', streaks: {}, pendingRatification: null }, reason: 'pan-atlantic list 2024',
    })]);
    expect((await api.post('/commands', balance(), officer)).body).toMatchObject({ status: 'unchanged', events: [] });
    const before = await logChecksum(api.store);
    const refusals: [Record<string, unknown>, RegExp][] = [
      [balance({ rating: '1700' }), /^RecordOpeningBalance: field `rating`: expected a number, got "1700"$/],
      [balance({ validDate: '2025-02-30' }), /^RecordOpeningBalance: field `validDate`: expected a date YYYY-MM-DD that exists/],
      [balance({ state: {} }), /^RecordOpeningBalance: unknown field `state`/],
      [balance({ playerId: 'P9' }), /^opening balance for unknown player "P9"; register the player first$/],
      [balance({ playerId: 'P2', ruleSet: 'fide' }), /^the opening balance of FamilyP2 \(P2\) under fide: fide has no grades; leave the grade out$/],
      [balance({ rating: 1750 }), /already has the opening balance "opening:pan-atlantic:P1:balance 2025-01-01" under pan-atlantic with other values/],
      // dated after today: as a RecordOpeningBalance, and as the raw ImportOpeningBalance fact the importers make
      [balance({ playerId: 'P2', validDate: '2999-01-01' }), /^the opening balance of FamilyP2 \(P2\) under pan-atlantic is dated 2999-01-01, after today \(\d{4}-\d\d-\d\d\)/],
      [{ kind: 'ImportOpeningBalance', playerId: 'P2', ruleSet: 'fide', state: { rating: 1800, games: 30 }, source: 'legacy', reason: 'legacy list', validDate: '2999-01-01' }, /^the opening balance of FamilyP2 \(P2\) under fide is dated 2999-01-01, after today/],
    ];
    for (const [body, says] of refusals) {
      const r = await api.post('/commands', body, officer);
      expect({ status: r.status, detail: r.body.detail }).toEqual({ status: 422, detail: expect.stringMatching(says) });
    }
    expect(await logChecksum(api.store)).toEqual(before);
  });
});
