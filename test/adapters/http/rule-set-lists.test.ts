import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldJobs } from '../../../src/adapters/http/fold-jobs';
import { ruleSystems } from '../../../domain/rules/registry';
import { startApi, type Api } from './api';
import { ledger, tempDir } from '../../support/helpers';

/**
 * GET /lists?rules=S for a non-FESA rule set (issue 29, part A): the JSON the OpenAPI document describes (every answer
 * is held to it by the test client), a CSV download, the page with names, a published fide list byte for byte after a
 * correction, and FESA's own files refused for it.
 */
describe('lists of a non-FESA rule set over HTTP', () => {
  let api: Api;
  let token: string;
  let db: string;
  /** Records one command as an officer, which must be accepted. */
  const command = async (body: Record<string, unknown>): Promise<void> => {
    const { status, body: answer } = await api.post('/commands', body, token);
    expect([body.kind, status, answer.detail]).toEqual([body.kind, 201, undefined]);
  };

  beforeAll(async () => {
    db = path.join(tempDir('rule-set-lists-http'), 'ledger.db');
    expect((await ledger('init', '--db', db)).code).toBe(0);
    api = await startApi(db);
    token = await api.appoint('kari', 'officer');
    const player = (playerId: string, familyName: string, givenName: string) => ({ kind: 'RegisterPlayer', validDate: '2019-01-01', playerId, familyName, givenName, country: 'NO' });
    const balance = (playerId: string, rating: number) => ({ kind: 'ImportOpeningBalance', validDate: '2019-01-01', playerId, ruleSet: 'fide', state: { rating, games: 50, birthYear: null, reached2400: false }, source: 'FIDE list' });
    for (const c of [player('P1', 'Hansen', 'Ola'), player('P2', 'Hansen', 'Ola'), balance('P1', 1800), balance('P2', 1800)]) await command(c);
    await command({ kind: 'RegisterTournament', validDate: '2020-03-01', tournamentId: 'F1', name: 'F1', place: '', startDate: '2020-03-01', endDate: '2020-03-01', ratingSystem: 'fide', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } });
    await command({ kind: 'ReportGame', validDate: '2020-03-01', tournamentId: 'F1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win' });
    await command({ kind: 'CloseTournament', validDate: '2020-03-01', tournamentId: 'F1' });
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers the list with names as JSON and CSV, and the page shows them', async () => {
    const json = await api.get('/lists?rules=fide&as-of=2020-12-31');
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ ruleSet: 'fide', asOf: '2020-12-31', activeYears: 0, players: [
      { rank: 1, id: 'P1', name: 'Hansen Ola', country: 'NO', rating: 1810, games: 51, provisional: false, lastPlayed: '2020-03-01' },
      { rank: 2, id: 'P2', name: 'Hansen Ola (P2)', country: 'NO', rating: 1790, games: 51, provisional: false, lastPlayed: '2020-03-01' },
    ] });
    const csv = await api.get('/lists?rules=fide&as-of=2020-12-31&format=csv');
    expect(csv.bytes.toString()).toBe('rank,player_id,name,country,rating,games,provisional,last_played\n1,P1,Hansen Ola,NO,1810,51,false,2020-03-01\n2,P2,Hansen Ola (P2),NO,1790,51,false,2020-03-01\n');
    const html = await api.request('GET', '/lists?rules=fide&as-of=2020-12-31', { headers: { accept: 'text/html' } });
    expect(html.status).toBe(200);
    expect(html.bytes.toString()).toContain('Hansen Ola (P2)');
    expect(html.bytes.toString()).toContain('href="/lists?as-of=2020-12-31&amp;format=csv&amp;rules=fide"');
    // the page says whom it lists as the JSON's activeYears does: everybody rated, not FESA's two years of activity
    expect(html.bytes.toString()).toContain('<p>Every player rated as of 2020-12-31 (2 players), every tournament rated under fide.');
    const active = await api.request('GET', '/lists?rules=fide&as-of=2020-12-31&active-years=1', { headers: { accept: 'text/html' } });
    expect(active.bytes.toString()).toContain('<p>Players active in the year before 2020-12-31 (2 players), every tournament rated under fide.');
    const fesaFile = await api.get('/lists?rules=fide&format=fesa');
    expect(fesaFile.status).toBe(400);
  });

  it('publishes a fide list that is given back byte for byte after a correction', async () => {
    await command({ kind: 'PublishRatingList', validDate: '2020-12-31', listId: 'fide-2020', asOf: '2020-12-31', ruleSet: 'fide', format: 'json', activeYears: 0 });
    const before = await api.get('/lists/published/fide-2020');
    expect(before.status).toBe(200);
    await command({ kind: 'CorrectResult', validDate: '2020-03-01', tournamentId: 'F1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'loss', reason: 'score sheet' });
    expect((await api.get('/lists?rules=fide&as-of=2020-12-31')).body.players).toMatchObject([{ id: 'P2', rating: 1810 }, { id: 'P1', rating: 1790 }]);
    const after = await api.request('GET', '/lists/published/fide-2020?download=1', {});
    expect(after.bytes.equals(before.bytes)).toBe(true);
    expect((JSON.parse(after.bytes.toString()) as { players: { id: string }[] }).players[0]!.id).toBe('P1');
    const diff = await api.get('/lists/published/fide-2020/diff');
    expect(diff.body).toEqual({ labels: ['fide-2020', 'now'], players: [
      { id: 'P1', name: 'Hansen Ola', before: { rating: 1810 }, after: { rating: 1790 } },
      { id: 'P2', name: 'Hansen Ola (P2)', before: { rating: 1790 }, after: { rating: 1810 } },
    ] });
    expect((await api.get('/lists/published/no-such-list/diff')).status).toBe(404);
    const diffPage = (await api.request('GET', '/lists/published/fide-2020/diff', { headers: { accept: 'text/html' } })).bytes.toString();
    expect(diffPage).toContain('<th scope="row"><a href="/players/P2">Hansen Ola (P2)</a></th><td>1790</td><td>1810</td>');
    const listPage = (await api.request('GET', '/lists/published/fide-2020', { headers: { accept: 'text/html' } })).bytes.toString();
    expect(listPage).toContain('href="/lists?as-of=2020-12-31&amp;rules=fide"');
    const refused = await api.post('/commands', { kind: 'PublishRatingList', validDate: '2020-12-31', listId: 'fide-2020-fesa', asOf: '2020-12-31', ruleSet: 'fide', format: 'fesa' }, token);
    expect(refused.status).toBe(422);
    expect(String(refused.body.detail)).toContain('which a fide list is not written as');
  });

  it('folds a list once per head, however often the JSON, the CSV and the page ask for it, and again after a new fact', async () => {
    // the folds asked of the server's fold jobs (they run on its worker thread, never on this one)
    const [asked, here] = [foldJobs.asked, foldJobs.here];
    const folds = { calls: () => foldJobs.asked - asked };
    const first = await api.get('/lists?rules=fide&as-of=2021-06-30');
    const again = await api.get('/lists?rules=fide&as-of=2021-06-30');
    const csv = await api.get('/lists?rules=fide&as-of=2021-06-30&format=csv');
    const page = await api.request('GET', '/lists?rules=fide&as-of=2021-06-30', { headers: { accept: 'text/html' } });
    expect([first.status, again.status, csv.status, page.status]).toEqual([200, 200, 200, 200]);
    expect(again.body).toEqual(first.body);
    expect(folds.calls()).toBe(1);
    // another date or activity is another list
    expect((await api.get('/lists?rules=fide&as-of=2021-06-30&active-years=1')).body.players).toEqual([]);
    expect(folds.calls()).toBe(2);
    expect((first.body as { players: { id: string }[] }).players.map((p) => p.id)).toEqual(['P2', 'P1']);
    await command({ kind: 'CorrectResult', validDate: '2020-03-01', tournamentId: 'F1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win', reason: 'the arbiter read the sheet again' });
    const after = await api.get('/lists?rules=fide&as-of=2021-06-30');
    expect((after.body as { players: { id: string }[] }).players.map((p) => p.id)).toEqual(['P1', 'P2']);
    expect(folds.calls()).toBe(3);
    expect(foldJobs.here).toBe(here);
  });

  it('answers a player under any rule set: his page and JSON with that rule set\'s record first', async () => {
    await command({ kind: 'ImportOpeningBalance', validDate: '2019-01-01', playerId: 'P1', ruleSet: 'pan-atlantic', state: { rating: 2000, games: 60 }, source: 'pan-atlantic list' });
    const order = async (query: string) => {
      const answer = await api.get(`/players/P1${query}`);
      expect(answer.status).toBe(200);
      return (answer.body.ruleSets as { ruleSet: string }[]).map((c) => c.ruleSet);
    };
    expect(await order('')).toEqual(['pan-atlantic', 'fide']);
    expect(await order('?rules=fide')).toEqual(['fide', 'pan-atlantic']);
    expect(await order('?rules=fesa')).toEqual(['pan-atlantic', 'fide']);
    const page = (await api.request('GET', '/players/P1?rules=fide', { headers: { accept: 'text/html' } })).bytes.toString();
    expect(page.indexOf('id="rules-fide"')).toBeGreaterThan(-1);
    expect(page.indexOf('id="rules-fide"')).toBeLessThan(page.indexOf('id="rules-pan-atlantic"'));
    // with a FESA record too, the section of the rule set asked for comes before the FESA career
    await command({ kind: 'RegisterTournament', validDate: '2021-01-10', tournamentId: 'S1', name: 'S1', place: '', startDate: '2021-01-10', endDate: '2021-01-10', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 30, incrementSeconds: 0 } });
    await command({ kind: 'ReportGame', validDate: '2021-01-10', tournamentId: 'S1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win' });
    await command({ kind: 'CloseTournament', validDate: '2021-01-10', tournamentId: 'S1' });
    const headings = async (query: string) => {
      const html = (await api.request('GET', `/players/P1${query}`, { headers: { accept: 'text/html' } })).bytes.toString();
      return [...html.matchAll(/<h2 id="(chart-heading|rules-[a-z-]+)"/g)].map((m) => m[1]);
    };
    expect(await headings('')).toEqual(['chart-heading', 'rules-pan-atlantic', 'rules-fide']);
    expect(await headings('?rules=fide')).toEqual(['rules-fide', 'rules-pan-atlantic', 'chart-heading']);
    // a FESA-registered tournament fide rates by adoption is in his fide record, as fide's list counts it
    await command({ kind: 'AdoptRuleSet', validDate: '2022-01-01', ruleSetId: 'fide', ruleSetVersion: ruleSystems.get('fide')!.version, options: {}, reason: 'fide from 2022' });
    await command({ kind: 'RegisterTournament', validDate: '2022-02-01', tournamentId: 'S2', name: 'S2', place: '', startDate: '2022-02-01', endDate: '2022-02-01', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } });
    await command({ kind: 'ReportGame', validDate: '2022-02-01', tournamentId: 'S2', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win' });
    await command({ kind: 'CloseTournament', validDate: '2022-02-01', tournamentId: 'S2' });
    const fide = ((await api.get('/players/P1?rules=fide')).body.ruleSets as { ruleSet: string; rating: number; tournaments: { tournamentId: string; after: number }[] }[])[0]!;
    const listed = ((await api.get('/lists?rules=fide&as-of=2022-12-31')).body.players as { id: string; rating: number; lastPlayed: string }[]).find((p) => p.id === 'P1')!;
    expect([fide.ruleSet, fide.tournaments.map((t) => t.tournamentId), fide.tournaments.at(-1)!.after]).toEqual(['fide', ['F1', 'S2'], listed.rating]);
    expect(listed.lastPlayed).toBe('2022-02-01');
    const refused = await api.get('/players/P1?rules=chess960');
    expect([refused.status, refused.body.detail]).toEqual([400, expect.stringContaining('rules must be one of fesa, fesa-published, us-shogi-1997-text')]);
  });
  it('explains a player under any rule set, of one tournament or all, as `ledger explain --rules` does; his history under it is his page\'s record', async () => {
    const explained = async (query: string, ...cli: string[]) => {
      const answer = await api.get(`/players/P1/explain${query}`);
      const printed = await ledger('explain', 'P1', ...cli, '--json', '--db', db);
      expect([answer.status, printed.code, printed.err]).toEqual([200, 0, '']);
      expect(answer.body).toEqual(JSON.parse(printed.out));
      return answer.body as { tournaments: { tournamentId: string; games: { gameId: string }[] }[]; officerFacts: { kind: string }[] };
    };
    const all = await explained('?rules=fide', '--rules', 'fide');
    expect(all.tournaments.map((t) => t.tournamentId)).toEqual(['F1', 'S2']);
    expect(all.officerFacts.length).toBe(1);
    const one = await explained('?rules=fide&tournament=F1', '--rules', 'fide', '--tournament', 'F1');
    expect([one.tournaments.map((t) => [t.tournamentId, t.games.map((g) => g.gameId)]), one.officerFacts]).toEqual([[['F1', ['g1']]], []]);
    // a tournament not rated for him under that rule set: one sentence, by both
    const sentence = 'P1 has no game of tournament "F1" rated under pan-atlantic';
    const refused = await api.get('/players/P1/explain?rules=pan-atlantic&tournament=F1');
    expect([refused.status, refused.body.detail]).toEqual([404, expect.stringContaining(sentence)]);
    const printed = await ledger('explain', 'P1', '--rules', 'pan-atlantic', '--tournament', 'F1', '--db', db);
    expect([printed.code, printed.out, printed.err]).toEqual([2, '', expect.stringContaining(sentence)]);
    expect((await api.get('/players/NOBODY/explain?rules=fide')).status).toBe(404);
    // his history under a rule set: his record under it as his page's JSON holds it
    const history = await api.get('/players/P1/history?rules=fide');
    const record = ((await api.get('/players/P1')).body.ruleSets as { ruleSet: string }[]).find((c) => c.ruleSet === 'fide');
    expect([history.status, history.body]).toEqual([200, record]);
    const unrated = await api.get('/players/P1/history?rules=uscf-k');
    expect([unrated.status, unrated.body.detail]).toEqual([404, 'P1 is not rated under uscf-k']);
  });
  it('sorts a page by the system\'s own grades (US Shogi ranks, never lowered: not the rating order)', async () => {
    const player = (playerId: string) => ({ kind: 'RegisterPlayer', validDate: '2019-01-01', playerId, familyName: `Rank${playerId}`, givenName: 'U', country: 'US' });
    const balance = (playerId: string, rating: number, grade: string) => ({ kind: 'RecordOpeningBalance', playerId, ruleSet: 'us-shogi-1997-text', rating, games: 40, grade, validDate: '2019-01-01', reason: 'legacy list' });
    for (const c of [player('U1'), player('U2'), player('U3'), balance('U1', 1800, '1-dan'), balance('U2', 1600, '3-dan'), balance('U3', 1700, '2-kyu')]) await command(c);
    const namesIn = async (query: string) => {
      const page = (await api.request('GET', `/lists?rules=us-shogi-1997-text&as-of=2019-12-31${query}`, { headers: { accept: 'text/html' } })).bytes.toString();
      return [...page.matchAll(/<tr data-name="(RankU\d) U">.*?<td data-value="(-?\d+)">/g)].map((m) => `${m[1]} ${m[2]}`);
    };
    expect(await namesIn('')).toEqual(['RankU1 1', 'RankU3 -2', 'RankU2 3']);
    expect(await namesIn('&sort=grade&dir=desc')).toEqual(['RankU2 3', 'RankU1 1', 'RankU3 -2']);
  });
});
