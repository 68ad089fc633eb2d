import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import * as t from 'io-ts';
import { describeDecodeErrors } from '../../domain/errors';
import { decodeEvent, eventCodecs, handicapFromCode, isId, isNonEmpty, streamOf, type EventType } from '../../domain/events';
import { sampleEvents } from '../support/samples';

describe('event catalogue codecs', () => {
  it('has one sample per event type', () => {
    expect(new Set(sampleEvents().map((e) => e.type))).toEqual(new Set(Object.keys(eventCodecs)));
  });

  for (const sample of sampleEvents()) {
    it(`${sample.type}: survives a JSON round trip through the store boundary`, () => {
      const stored = JSON.parse(JSON.stringify(sample));
      const decoded = decodeEvent(sample.type, stored);
      expect(decoded).toEqual(E.right(sample));
      expect(eventCodecs[sample.type].is(sample)).toBe(true);
    });

    it(`${sample.type}: rejects a payload without its envelope, naming the fields`, () => {
      const { eventId: _e, validDate: _d, actor: _a, ...rest } = sample as unknown as Record<string, unknown>;
      const decoded = decodeEvent(sample.type, rest);
      expect(E.isLeft(decoded)).toBe(true);
      const message = (decoded as E.Left<string>).left;
      expect(message).toContain('field `eventId`');
      expect(message).toContain('field `validDate`');
      expect(message).toContain('field `actor`');
    });
  }

  it('decodes every payload exactly as the full io-ts decoder does (the guard is only a short cut)', () => {
    // decodeEvent accepts a payload its codec's guard (`is`) accepts without running `decode`. That is only right
    // while no codec transforms a value: check it against `decode` over every sample and many damaged copies.
    const reference = (type: EventType, data: unknown): E.Either<string, unknown> => {
      const decoded = (eventCodecs[type] as unknown as t.Decoder<unknown, unknown>).decode(data);
      return E.isLeft(decoded) ? E.left(`${type}: ${describeDecodeErrors(decoded.left)}`) : decoded;
    };
    const damaged = [undefined, null, '', ' ', 'x/y', ' P1', 0, 1.5, -3, true, [], {}, { type: 'even', giver: 'P2' }, 'win', '2024-02-30', '2024-02-29', '3 Kyu'];
    const variants = (o: Record<string, unknown>): Record<string, unknown>[] => {
      const out: Record<string, unknown>[] = [{ ...o, extra: 'kept' }];
      for (const key of Object.keys(o)) {
        if (key === 'version' || key === 'type') continue;
        const { [key]: _removed, ...without } = o;
        out.push(without);
        for (const value of damaged) out.push({ ...o, [key]: value });
        const inner = o[key];
        if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
          for (const v of variants(inner as Record<string, unknown>)) out.push({ ...o, [key]: v });
        }
      }
      return out;
    };
    let accepted = 0;
    let checked = 0;
    for (const sample of sampleEvents()) {
      for (const payload of [sample as unknown as Record<string, unknown>, ...variants(sample as unknown as Record<string, unknown>)]) {
        const stored = JSON.parse(JSON.stringify(payload)) as unknown;
        const got = decodeEvent(sample.type, stored);
        expect(got, `${sample.type} ${JSON.stringify(payload)}`).toEqual(reference(sample.type, stored));
        checked++;
        if (E.isRight(got)) accepted++;
      }
    }
    // both sides of the short cut were exercised
    expect(accepted).toBeGreaterThan(100);
    expect(checked - accepted).toBeGreaterThan(1000);
  });

  it('names the field and what was expected for malformed values', () => {
    const bad = { ...sampleEvents()[3]!, validDate: '2024-02-30', round: 1.5, result: 'won', handicap: { type: 'queen', giver: 'P2' } };
    const decoded = decodeEvent('GameReported', bad);
    expect(decoded).toEqual(
      E.left(
        'GameReported: field `validDate`: expected a date YYYY-MM-DD, got "2024-02-30"; field `round`: expected an integer, got 1.5; ' +
          'field `result`: expected a result (win, loss, draw, sennichite, unplayed, forfeit-win, forfeit-loss, bye), got "won"; ' +
          'field `handicap.type`: expected a handicap type (sente, lance, bishop, rook, rook-lance, 2p..8p), got "queen"',
      ),
    );
  });

  it('refuses unknown types and unknown schema versions instead of guessing', () => {
    expect(decodeEvent('PlayerDeleted', {})).toEqual(E.left('unknown event type "PlayerDeleted"'));
    expect(decodeEvent('PlayerRegistered', { ...sampleEvents()[0]!, version: 2 })).toEqual(
      E.left('PlayerRegistered: unsupported schema version 2 (this ledger reads version 1)'),
    );
  });

  it('reads a tournament registered before regions were kept, and refuses a region that is none', () => {
    const registered = sampleEvents().find((e) => e.type === 'TournamentRegistered')!;
    expect('region' in registered).toBe(false);
    expect(E.isRight(decodeEvent('TournamentRegistered', { ...registered, region: 'europe' }))).toBe(true);
    const asia = decodeEvent('TournamentRegistered', { ...registered, region: 'asia' });
    expect(E.isLeft(asia) && asia.left).toMatch(/region/);
  });

  it('rejects a grade that does not exist', () => {
    const decoded = decodeEvent('PriorGradeDeclared', { ...sampleEvents()[1]!, grade: '25 Kyu' });
    expect(E.isLeft(decoded) && decoded.left).toContain('field `grade`: expected a grade such as "3 Kyu"');
  });

  it('maps every FESA handicap code (seed 000 §8) to a canonical type', () => {
    expect(['M', 'S', 'L', 'B', 'R', 'RL', '2p', '4p', '5p', '6p'].map(handicapFromCode)).toEqual([
      'sente', 'sente', 'lance', 'bishop', 'rook', 'rook-lance', '2p', '4p', '5p-right-knight', '6p',
    ]);
    expect(handicapFromCode('queen')).toBeUndefined();
  });

  it('puts each event in its aggregate stream', () => {
    expect(sampleEvents().map(streamOf)).toEqual([
      'player-P1', 'player-P1', 'tournament-T1', 'tournament-T1', 'tournament-T1', 'tournament-T1', 'tournament-T1',
      'player-P1', 'player-P1', 'player-P2', 'player-P2', 'ledger-adjustments', 'ledger-adjustments', 'player-P1', 'ledger-rules', 'ledger-lists', 'officer-kari', 'officer-kari',
      'submission-S1', 'submission-S1', 'submission-S2',
    ]);
  });
});

describe('Id and NonEmptyString', () => {
  it('the character-code short cuts answer exactly as the regular expressions (random strings, Unicode spaces, surrogates, 200-code-point edge)', () => {
    const ID = /^[^\s/\\][^/\\]{0,199}$/u;
    const referenceId = (s: string): boolean => ID.test(s) && s.trim() === s;
    const referenceNonEmpty = (s: string): boolean => /\S/.test(s);
    const alphabet = ['a', 'Z', '7', '-', ':', '~', '!', ' ', '\t', '\n', '/', '\\', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u0085', '\u007f', '\u0000', 'é', '日', '😀', '\ud800', '\udc00'];
    let seed = 3;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return Math.floor((seed / 4294967296) * n);
    };
    let ids = 0;
    for (let c = 0; c < 30000; c++) {
      // mostly printable ASCII (the short cut), sometimes anything; lengths around the 200 limit too
      const length = c % 10 === 0 ? 195 + random(10) : random(12);
      const asciiOnly = c % 3 !== 0;
      let s = '';
      for (let i = 0; i < length; i++) s += asciiOnly ? String.fromCharCode(33 + random(94)) : alphabet[random(alphabet.length)]!;
      if (c % 7 === 0) s = alphabet[random(alphabet.length)]! + s;
      if (c % 11 === 0) s += alphabet[random(alphabet.length)]!;
      expect(isId(s), JSON.stringify(s)).toBe(referenceId(s));
      expect(isNonEmpty(s), JSON.stringify(s)).toBe(referenceNonEmpty(s));
      if (referenceId(s)) ids++;
    }
    // both answers were exercised, also past the short cut's 200 UTF-16 units (emoji are two units, one code point)
    expect(ids).toBeGreaterThan(5000);
    expect(ids).toBeLessThan(29000);
    expect(isId('😀'.repeat(150))).toBe(referenceId('😀'.repeat(150)));
    expect(isId('😀'.repeat(201))).toBe(false);
  });
});

describe('IsoDate', () => {
  it('accepts real calendar dates only (leap years included)', async () => {
    const { isValidIsoDate } = await import('../../domain/events/common');
    expect(['2024-02-29', '2000-02-29', '2023-12-31', '1995-01-01'].map(isValidIsoDate)).toEqual([true, true, true, true]);
    expect(['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '24-01-01', '2024-1-01'].map(isValidIsoDate)).toEqual(
      [false, false, false, false, false, false, false, false],
    );
    // not ASCII digits, or not exactly YYYY-MM-DD
    expect(['2024-0a-01', '2024-01-01\n', ' 2024-01-01', '２０２４-01-01', '2024/01/01', '2024-01-011', '+024-01-01', '2024--1-01'].map(isValidIsoDate)).toEqual(
      [false, false, false, false, false, false, false, false],
    );
  });
});
