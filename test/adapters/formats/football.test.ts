import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/Either';
import * as path from 'path';
import { defaultFootballResultsPath, footballEvents, loadFootballMatches, parseFootballCsv } from '../../../src/adapters/formats/football';

/** Fixture: ../shared/data/international-football (README: 49,520 matches, 339 teams, about a quarter draws). */
describe('international football importer', () => {
  const loaded = loadFootballMatches();
  if (E.isLeft(loaded)) throw new Error(loaded.left);
  const matches = loaded.right;

  it('finds the file in the shared data beside the repository (or $SHARED_DIR), and without it asks for --football', () => {
    const saved = process.env.SHARED_DIR;
    try {
      delete process.env.SHARED_DIR;
      expect(defaultFootballResultsPath()).toBe(path.resolve(__dirname, '../../../../shared/data/international-football/results.csv'));
      process.env.SHARED_DIR = path.join(__dirname, 'no-such-shared');
      expect(loadFootballMatches()).toEqual(E.left(`no football results file at ${path.join(__dirname, 'no-such-shared', 'data', 'international-football', 'results.csv')} (the shared data beside the repository, or $SHARED_DIR); give its path with --football PATH`));
    } finally {
      if (saved === undefined) delete process.env.SHARED_DIR;
      else process.env.SHARED_DIR = saved;
    }
  });

  it('reads the 49,520 matches the README states; the teams are 337, not the README\'s 339 (counted with Python csv too)', () => {
    expect(matches).toHaveLength(49520);
    expect(new Set(matches.flatMap((m) => [m.home, m.away])).size).toBe(337);
    expect(matches[0]).toMatchObject({ date: '1872-11-30', home: 'Scotland', away: 'England', homeScore: 0, awayScore: 0, neutral: false });
  });

  it('quoted fields with commas ("Washington, D.C.") do not shift the columns', () => {
    const m = matches.find((x) => x.date === '1977-10-06' && x.home === 'United States');
    expect(m).toMatchObject({ away: 'China', homeScore: 1, awayScore: 1, tournament: 'Friendly', neutral: false });
  });

  it('one event per match date, chronological, with home = a and a 1 / 0.5 / 0 home score; draws are about a quarter', () => {
    const events = footballEvents(matches);
    expect(events.reduce((s, e) => s + e.games.length, 0)).toBe(49520);
    expect(new Set(events.map((e) => e.date)).size).toBe(events.length);
    expect(events.every((e, i) => { const previous = events[i - 1]; return previous === undefined || previous.date < e.date; })).toBe(true);
    expect(events[0]).toEqual({ date: '1872-11-30', games: [{ a: 'Scotland', b: 'England', score: 0.5 }] });
    expect(events[1]?.games[0]).toEqual({ a: 'England', b: 'Scotland', score: 1 }); // 1873-03-08 England 4–2
    const all = events.flatMap((e) => e.games);
    const draws = all.filter((g) => g.score === 0.5).length;
    expect(draws).toBe(11258); // home_score = away_score rows, counted with Python csv
    expect(draws / all.length).toBeGreaterThan(0.2);
    expect(draws / all.length).toBeLessThan(0.3);
    expect(all.some((g) => g.score === 0)).toBe(true);
  });

  it('per-month grouping keeps every match', () => {
    const months = footballEvents(matches, 'month');
    expect(months.reduce((s, e) => s + e.games.length, 0)).toBe(49520);
    expect(months.length).toBeLessThan(footballEvents(matches).length);
  });

  it('bad rows are one clear error naming the line and field', () => {
    const header = 'date,home_team,away_team,home_score,away_score,tournament,city,country,neutral';
    expect(parseFootballCsv(`${header}\n2000-01-01,A,B,NA,1,Friendly,X,Y,FALSE`, 'f.csv')).toEqual(E.left('f.csv line 2: home_score "NA" is not a whole number.'));
    expect(E.isLeft(parseFootballCsv('date,home\n', 'f.csv'))).toBe(true);
    expect(parseFootballCsv(`${header}\n2000-01-02,A,B,1,1,F,X,Y,FALSE\n2000-01-01,A,B,1,1,F,X,Y,FALSE`, 'f.csv')).toEqual(
      E.left('f.csv line 3: date 2000-01-01 is earlier than the previous line\'s 2000-01-02; the file must be chronological.'));
  });
});
