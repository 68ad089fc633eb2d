import { describe, expect, it } from 'vitest';
import { eventCodecs, streamOf, type EventType } from '../../domain/events';
import { GENERIC_FOLD_EVENTS } from '../../projections/generic/history';
import { RATED_INDEX_EVENTS } from '../../src/app/rated-tournament';
import { READ_MODELS, selectionGaps } from '../../src/app/read-models';
import { sampleEvents } from '../support/samples';

const catalogue = Object.keys(eventCodecs) as EventType[];

describe('read models', () => {
  it.each(READ_MODELS.map((m) => [m.name, m] as const))('%s puts every event type of the catalogue in exactly one of its lists', (_name, model) => {
    expect(selectionGaps(model, catalogue)).toEqual({ neither: [], both: [] });
    // a name the catalogue does not hold (a type renamed or dropped) is as wrong as one left out
    expect([...model.handles, ...model.passesOver].filter((t) => !catalogue.includes(t))).toEqual([]);
  });

  it('says which types a list leaves out and which it names twice', () => {
    expect(selectionGaps({ handles: ['GameReported', 'TournamentClosed'], passesOver: ['TournamentClosed'] }, ['GameReported', 'TournamentClosed', 'OfficerRevoked'])).toEqual({
      neither: ['OfficerRevoked'],
      both: ['TournamentClosed'],
    });
  });

  it('the rated-tournaments index reads every type the non-FESA fold reads that is not in a tournament or player stream', () => {
    // the slice reads tournaments' and players' streams by id and the rest from the index: a type the fold reads
    // outside those streams that the index passes over would silently never reach the fold
    const handled: readonly string[] = GENERIC_FOLD_EVENTS.handles;
    const outsideStreams = sampleEvents().filter((e) => handled.includes(e.type) && !/^(player|tournament)-/.test(streamOf(e))).map((e) => e.type);
    expect(outsideStreams).toEqual(expect.arrayContaining(['RuleSetAdopted', 'RatingAdjusted']));
    expect(outsideStreams.filter((type) => !(RATED_INDEX_EVENTS.handles as readonly string[]).includes(type))).toEqual([]);
  });
});
