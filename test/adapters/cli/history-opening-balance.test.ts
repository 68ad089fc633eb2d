/**
 * `ledger history` of a player whose FESA opening balance no rated tournament followed (issue 19): read from the
 * saved models (the careers' and the list's) instead of a fold of the whole log, byte for byte what the fold prints;
 * a player of a TRF tournament still gets his generic career.
 */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../domain/events';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { toNewEvent } from '../../../src/app/event-log';
import { FIXTURES, ledger, tempDir } from '../../support/helpers';

const ok = async (...argv: string[]): Promise<string> => {
  const r = await ledger(...argv, '--actor', 'officer');
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

const openingOnly = (id: string, familyName: string, date: string, eloNumber: number, grade: [number, string]): DomainEvent[] => {
  const state = { lastName: familyName, firstName: 'Only', nationalityList: [{ list: 'E', nationality: 'NO', residens: 'NO', last: date }], gradeLevel: grade[0], gradeName: grade[1], nsrGradeLevel: 0, nsrGradeName: '', eloNumber, games: 40, lastPlayed: date, lbCount: null, mpCount: null, bonusCount: 40, listIndex: 0 };
  return [
    { type: 'PlayerRegistered', version: 1, eventId: `reg:${id}`, validDate: date, actor: 'officer', playerId: id, familyName, givenName: 'Only', country: 'NO' },
    { type: 'OpeningBalanceImported', version: 1, eventId: `open:${id}`, validDate: date, actor: 'officer', playerId: id, ruleSet: 'fesa', state, source: `list-${id}` },
  ] as unknown as DomainEvent[];
};

describe('ledger history of an opening balance no rated tournament followed (issue 19)', () => {
  it('prints from the saved models what the fold prints, and a TRF player his generic career', async () => {
    const db = path.join(tempDir('history-opening'), 'ledger.db');
    await ok('trf', 'import', path.join(FIXTURES, 'trf', 'bbp-dutch_2025_C5.trf'), '--start', '2025-01-01', '--db', db);
    const store = openSqliteStore(db);
    try {
      await store.append('player-q1', openingOnly('q1', 'Opening', '2025-02-01', 1850, [3, 'Dan']).map(toNewEvent), 'no_stream');
      await store.append('player-q2', openingOnly('q2', 'Kyu', '2025-02-01', 900, [5, 'Kyu']).map(toNewEvent), 'no_stream');
    } finally {
      await store.close();
    }
    const asked = [['q1'], ['q1', '--json'], ['q2', '--json'], ['bbp-dutch_2025_C5-1'], ['bbp-dutch_2025_C5-1', '--json'], ['q1', '--rules', 'fesa-published']];
    // nothing saved yet: every answer is the fold's
    const folded: string[] = [];
    for (const a of asked) folded.push(await ok('history', ...a, '--db', db));
    expect(folded[0]).toMatch(/3 Dan by opening-balance/);
    expect(folded[3]).not.toMatch(/by opening-balance/);
    await ok('projections', 'rebuild', '--db', db);
    await ok('projections', 'rebuild', '--rules', 'fesa-published', '--db', db);
    for (const [i, a] of asked.entries()) expect({ asked: a, out: await ok('history', ...a, '--db', db) }).toEqual({ asked: a, out: folded[i] });
  }, 60_000);
});
