/**
 * An officer fact under a rule set the ledger does not know is refused at the door (issue 28, "no accepted fact can
 * make a read fail"): `POST /commands` with AdjustRating, ReconcileList or AwardGrade under "pan-atlantc" answers 422
 * in one sentence naming the field, the value and the known rule sets, and records nothing.
 */
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logChecksum } from '../../../src/adapters/store/migrate';
import { tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';

describe('HTTP: officer facts under an unknown rule set', () => {
  let api: Api;
  let officer = '';
  beforeAll(async () => {
    api = await startApi(path.join(tempDir('http-rule-set-typo'), 'ledger.db'));
    officer = await api.appoint('kari', 'officer');
    expect((await api.post('/commands', { kind: 'RegisterPlayer', validDate: '2024-01-01', playerId: 'P1', familyName: 'Hansen', givenName: 'Ola', country: 'NO' }, officer)).status).toBe(201);
  });
  afterAll(async () => api.close());

  it('AdjustRating, ReconcileList and AwardGrade under "pan-atlantc": 422, one sentence, nothing recorded', async () => {
    const before = await logChecksum(api.store);
    const commands = [
      { kind: 'AdjustRating', validDate: '2024-12-31', adjustmentId: 'A1', ruleSet: 'pan-atlantc', target: { kind: 'player', playerId: 'P1' }, change: { kind: 'shift', by: 15 }, reason: 'drift' },
      { kind: 'ReconcileList', validDate: '2024-12-31', ruleSet: 'pan-atlantc', source: 'list.pre', reason: 'reconciled', order: ['P1'], pins: [] },
      { kind: 'AwardGrade', validDate: '2024-12-31', playerId: 'P1', ruleSet: 'pan-atlantc', grade: '1 Dan', reason: 'ratified' },
    ];
    for (const body of commands) {
      const r = await api.post('/commands', body, officer);
      expect({ kind: body.kind, status: r.status, detail: r.body.detail }).toEqual({
        kind: body.kind,
        status: 422,
        detail: expect.stringMatching(new RegExp(`^${body.kind}: field \`ruleSet\`: "pan-atlantc" is not a rule set this ledger knows; expected one of fesa, fesa-published, .*pan-atlantic.*$`)),
      });
    }
    expect(await logChecksum(api.store)).toEqual(before);
  });
});
