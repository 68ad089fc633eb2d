import { describe, expect, it } from 'vitest';
import { runCases } from '../../../src/app/rules/run-case';
import { listRuleSystems, listRuleSystemsData } from '../../../src/app/rules/list';
import { ruleSystems } from '../../../domain/rules/registry';

/** Harness contract: ../shared/rules/README.md "Conformance harness". */
const twoPlayers = { A: { rating: 2100, games: 5 }, B: { rating: 2100, games: 5 } };
const good = { system: 'gobase-go', op: 'rate-event', options: {}, input: { event: {}, players: twoPlayers, games: [{ a: 'A', b: 'B', score: 1 }] } };

describe('runCases', () => {
  it('one case in → one output out (seed 003 Example 1: 2100 beats 2100 → 2115)', () => {
    expect(JSON.parse(runCases(JSON.stringify(good)))).toEqual({
      players: { A: { rating: 2115, games: 6 }, B: { rating: 2085, games: 6 } }, gamesRated: [{ rated: true }],
    });
  });

  it('a batch with bad cases answers every case and the good ones still succeed', () => {
    const batch = [
      good,
      { ...good, system: 'chess-960' },
      { ...good, op: 'drift-correction' },
      { ...good, options: { cTabel: 'go' } },
      { ...good, input: { ...good.input, games: [{ a: 'A', b: 'B', score: 2 }] } },
      { system: 'uscf-k', op: 'expected-score', options: {}, input: { rating: 1613, opponent: 1609 } },
      42,
    ];
    const out = JSON.parse(runCases(JSON.stringify(batch)));
    expect(out).toHaveLength(7);
    expect(out[0].players.A.rating).toBe(2115);
    expect(out[1].error).toMatchObject({ case: 1, field: 'system' });
    expect(out[1].error.message).toContain('"chess-960"');
    expect(out[2].error).toMatchObject({ case: 2, field: 'op' });
    expect(out[2].error.message).toContain('rate-event');
    expect(out[3].error).toMatchObject({ case: 3, field: 'options.cTabel' });
    expect(out[4].error).toMatchObject({ case: 4, field: 'input.games[0].score' });
    expect(out[5].value).toBeCloseTo(0.506, 3);
    expect(out[6].error).toMatchObject({ case: 6 });
  });

  it('malformed JSON is one clear error, not a crash', () => {
    const out = JSON.parse(runCases('{"system": "fide", '));
    expect(out.error.message).toMatch(/not valid JSON/);
  });

  it('missing options means all defaults', () => {
    const { options: _drop, ...noOptions } = good;
    expect(JSON.parse(runCases(JSON.stringify(noOptions))).players.A.rating).toBe(2115);
  });

  it('a case for the US system reaches it through the registry (README example: 1800 beats 2300 at rook-lance)', () => {
    const us = {
      system: 'us-shogi-1997-text', op: 'rate-event', options: {},
      input: {
        event: { kind: 'tournament' },
        players: { A: { rating: 1800, rank: '2-dan', games: 50 }, B: { rating: 2300, rank: '5-dan', games: 50 } },
        games: [{ a: 'A', b: 'B', score: 1, handicap: { type: 'rook-lance', giver: 'B' } }],
      },
    };
    const out = JSON.parse(runCases(JSON.stringify(us)));
    expect(out.players.A.rating).toBe(1820);
    expect(out.players.B.rating).toBe(2290);
  });
});

describe('registry and listing', () => {
  it('registers the non-FESA systems by id', () => {
    for (const id of ['us-shogi-1997-text', 'us-shogi-1997-card', 'pan-atlantic', 'gobase-go', 'fide', 'uscf-k']) {
      expect(ruleSystems.get(id)?.id).toBe(id);
    }
  });

  it('lists every system with its options and defaults, as a table and as JSON', () => {
    const text = listRuleSystems();
    expect(text).toContain('gobase-go');
    expect(text).toMatch(/cTable\s+"go"/);
    const data = listRuleSystemsData();
    expect(data.find((s) => s.id === 'fide')?.options.map((o) => [o.name, o.default])).toEqual([['updateMode', 'event'], ['ratedVsNewcomer', 'use-performance']]);
    expect(data.map((s) => s.id)).toEqual([...ruleSystems.keys()]);
  });
});

describe('egd-gor through run-case and rules list', () => {
  it('rates a case (horaceho/ers test/ers.php: 2100 beats 2100 → 2109.306) and lists its options', () => {
    const gor = { system: 'egd-gor', op: 'rate-event', options: {}, input: { event: { class: 'A' }, players: twoPlayers, games: [{ a: 'A', b: 'B', score: 1 }] } };
    const out = JSON.parse(runCases(JSON.stringify(gor)));
    expect(out.players).toEqual({ A: { rating: 2109.306, games: 6 }, B: { rating: 2091.725, games: 6 } });
    expect(ruleSystems.get('egd-gor')?.id).toBe('egd-gor');
    expect(listRuleSystemsData().find((s) => s.id === 'egd-gor')?.options.map((o) => [o.name, o.default])).toEqual([['classWeight', true], ['handicapGames', 'adjusted']]);
  });
});
