import { describe, expect, it } from 'vitest';
import { eventCodecs, streamOf, type EventType } from '../../domain/events';
import { GENERIC_FOLD_EVENTS } from '../../projections/generic/history';
import { RATED_INDEX_EVENTS } from '../../src/app/rated-tournament';
import { RATING_FOLDS, READ_MODELS, selectionGaps } from '../../src/app/read-models';
import { foldReadModel } from '../../src/app/read-model';
import { sampleEvents } from '../support/samples';

const catalogue = Object.keys(eventCodecs) as EventType[];

describe('read models', () => {
  const declared = [...READ_MODELS, ...RATING_FOLDS];

  it('registers each read model and fold once, by name', () => {
    expect(new Set(declared.map((m) => m.name)).size).toBe(declared.length);
    expect(READ_MODELS.map((m) => m.name)).toEqual(expect.arrayContaining(['tournament directory', 'player directory', 'list names', 'audit trail', 'rated-tournaments index']));
  });

  it.each(declared.map((m) => [m.name, m] as const))('%s puts every event type of the catalogue in exactly one of its lists', (_name, model) => {
    expect(selectionGaps(model, catalogue)).toEqual({ neither: [], both: [] });
    // a name the catalogue does not hold (a type renamed or dropped) is as wrong as one left out
    expect([...model.handles, ...model.passesOver].filter((t) => !catalogue.includes(t))).toEqual([]);
  });

  it.each(READ_MODELS.map((m) => [m.name, m] as const))('%s folds a fact of every type it handles and its queries answer', (_name, model) => {
    const facts = sampleEvents().map((event, i) => ({ event, globalPosition: i + 1, recordedAt: '2024-07-01T00:00:00.000Z' }));
    expect(facts.map((f) => f.event.type)).toEqual(expect.arrayContaining([...model.handles]));
    expect(model.queries(foldReadModel(model as never, facts) as never)).toBeDefined();
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
