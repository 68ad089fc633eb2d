import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, LoggedEvent } from '../../../domain/events';
import { foldFesa } from '../../../projections/fesa/history';
import { FesaProjection } from '../../../projections/fesa/incremental';
import { POINT_SLOT } from '../../../projections/fesa/list-model';
import { formatRatingList } from '../../../src/adapters/formats/fesa/ratingliste';

const N = 300;
// every fourth player bears the name of the one before: two records of one name take the name's two slots
const family = (i: number): string => `Holm${i % 4 === 1 ? i - 1 : i}`;

/** An opening list imported balance by balance, each after its player's registration, in list order but the last. */
const importFacts = (): LoggedEvent[] => {
  const facts: LoggedEvent[] = [];
  const fact = (event: Record<string, unknown>) => facts.push({ event: event as unknown as DomainEvent, globalPosition: facts.length + 1 });
  for (let i = 0; i < N; i++) {
    const id = `P${i}`;
    fact({ type: 'PlayerRegistered', version: 1, eventId: `reg:${id}`, validDate: '2020-01-01', actor: 't', playerId: id, familyName: family(i), givenName: 'A', country: 'NO' });
    // the last balance belongs at the top of the list: the list is made again from before the opening list
    const listIndex = i === N - 1 ? -1 : i;
    const state = { lastName: family(i), firstName: 'A', nationalityList: [{ list: 'E', nationality: 'NO', residens: 'NO', last: '2019-12-31' }], gradeLevel: 2, gradeName: 'Kyu', nsrGradeLevel: 0, nsrGradeName: '', eloNumber: 1500 + ((i * 37) % 400), games: 30, lastPlayed: '2019-12-31', lbCount: null, mpCount: null, bonusCount: 100, listIndex };
    fact({ type: 'OpeningBalanceImported', version: 1, eventId: `open:${id}`, validDate: '2020-01-01', actor: 't', playerId: id, ruleSet: 'fesa', state, source: 'list-2019' });
  }
  return facts;
};

describe('an opening list imported balance by balance into the list read model (issue 30)', () => {
  it('appends each balance that sorts last instead of folding the whole list again, with the rows and list a fold gives', () => {
    const facts = importFacts();
    const projection = new FesaProjection({ listModel: true, careerModel: true, runs: 'none' });
    const refolded: number[] = [];
    for (const fact of facts) {
      projection.apply([fact]);
      if (fact.event.type !== 'OpeningBalanceImported') continue;
      expect(E.isRight(projection.current())).toBe(true);
      refolded.push(projection.lastRefold.to - projection.lastRefold.from);
    }
    // the first balance makes the item, the last one sorts first and folds it again; none between folds anything
    expect(refolded[0]).toBe(1);
    expect(refolded.slice(1, -1).every((n) => n === 0)).toBe(true);
    expect(refolded.at(-1)).toBe(1);

    const folded = foldFesa(facts, { keepRuns: false });
    const list = projection.current();
    if (E.isLeft(folded) || E.isLeft(list)) throw new Error('the fold failed');
    expect(formatRatingList(list.right.list)).toBe(formatRatingList(folded.right.list));
    expect(list.right.officerFacts).toEqual(folded.right.officerFacts);

    // as known at each balance before the last: the records of the balances up to it, in list order
    const versions = projection.listModelChanges()!.versions.filter((v) => v.slot !== POINT_SLOT);
    const before = facts.filter((f) => f.event.type === 'OpeningBalanceImported').slice(0, -1);
    before.forEach((balance, j) => {
      const known = versions.filter((v) => v.kf <= balance.globalPosition && (v.kt === null || v.kt > balance.globalPosition) && v.record !== undefined);
      expect(known.sort((a, b) => a.seq - b.seq).map((v) => `${v.record!.lastName} ${v.record!.eloNumber}`)).toEqual(
        before.slice(0, j + 1).map((f) => {
          const state = (f.event as unknown as { state: { lastName: string; eloNumber: number } }).state;
          return `${state.lastName} ${state.eloNumber}`;
        }),
      );
    });
  });
});
