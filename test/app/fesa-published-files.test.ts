import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../adapters/http/api';
import { chainOf, eventDate, FIXTURES, ledger, NEKOMADO, nekomadoChain, tempDir } from '../support/helpers';

/**
 * What the official program publishes besides its post list — all.txt (the dated list of active players) and
 * turnering.html (the event's cross table and promotions) — reproduced by the ledger from its facts, byte for byte,
 * against the program's own files (issue 20).
 */
const fileOf = async (db: string, argv: string[]): Promise<Buffer> => {
  const out = path.join(path.dirname(db), `out-${Math.random().toString(36).slice(2)}`);
  const r = await ledger(...argv, '--db', db, '--out', out);
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return fs.readFileSync(out);
};
const allTxt = (db: string, asOf: string): Promise<Buffer> => fileOf(db, ['list', '--as-of', asOf, '--format', 'fesa-all']);
const html = (db: string, tournament: string): Promise<Buffer> => fileOf(db, ['tournament', 'show', tournament, '--format', 'fesa-html']);

/** Imports event folders (one, or a chain) and compares both files of every event with the program's. */
const identicalThroughLedger = async (folders: readonly string[]): Promise<string[]> => {
  const db = path.join(tempDir('published-files'), 'ledger.db');
  const r = await ledger('fesa', 'import', folders.length === 1 ? folders[0]! : chainOf(folders), '--reconcile', '--db', db);
  if (r.code !== 0) throw new Error(r.err);
  const identical: string[] = [];
  for (const folder of folders) {
    const name = path.basename(folder);
    expect({ name, same: (await allTxt(db, eventDate(folder))).equals(fs.readFileSync(path.join(folder, 'all.txt'))) }).toEqual({ name, same: true });
    expect({ name, same: (await html(db, name)).equals(fs.readFileSync(path.join(folder, 'turnering.html'))) }).toEqual({ name, same: true });
    identical.push(name);
  }
  return identical;
};

describe('all.txt and turnering.html through the ledger', () => {
  it('the Nekomado chain (imported, reconciled) and the sample: both files identical on every event date, 26/26', async () => {
    const chain = await identicalThroughLedger(nekomadoChain());
    const sample = await identicalThroughLedger([path.join(NEKOMADO, '00_sample')]);
    expect(chain.length + sample.length).toBe(26);
  }, 120_000);

  // `fesa import` does not take these yet (fesa run reproduces their files, see fixtures.test): held to the sentence it
  // refuses them with, so that the day it takes them this fails and they join the comparison below.
  const NOT_IMPORTED: Record<string, RegExp> = {};
  // recorded as a sennichite with its replay in the test below, not imported as the draw its file shows
  const RECORDED_OTHERWISE = new Set(['17_sennichite_replay']);
  const own = path.join(FIXTURES, 'fesa-own');
  for (const [name, refusal] of Object.entries(NOT_IMPORTED)) {
    it(`own fixture ${name}: not imported yet, and nothing recorded`, async () => {
      const db = path.join(tempDir('not-imported'), 'ledger.db');
      const r = await ledger('fesa', 'import', path.join(own, name), '--reconcile', '--db', db);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(refusal);
      // nothing recorded, not even an empty ledger file
      expect(fs.existsSync(db)).toBe(false);
    });
  }
  const single = fs.readdirSync(own).filter((n) => !/_e\d\d$/.test(n) && !(n in NOT_IMPORTED) && !RECORDED_OTHERWISE.has(n));
  const chains = [...new Set(fs.readdirSync(own).filter((n) => /_e\d\d$/.test(n)).map((n) => n.replace(/_e\d\d$/, '')))];
  for (const name of single) it(`own fixture ${name}: both files identical`, async () => expect(await identicalThroughLedger([path.join(own, name)])).toEqual([name]));
  for (const prefix of chains) {
    it(`own fixture chain ${prefix}: both files identical for every event`, async () => {
      const folders = fs.readdirSync(own).filter((n) => n.startsWith(`${prefix}_e`)).sort().map((n) => path.join(own, n));
      expect((await identicalThroughLedger(folders)).length).toBe(folders.length);
    }, 60_000);
  }

  it('a sennichite and its replay, recorded as such, give the program\'s files of the event written as a draw plus an extra round', async () => {
    // fixture 17: the official program's run on the file an officer would write for these games
    const folder = path.join(FIXTURES, 'fesa-own', '17_sennichite_replay');
    const db = path.join(tempDir('sennichite'), 'ledger.db');
    const run = async (...argv: string[]) => {
      const r = await ledger(...argv, '--db', db);
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    };
    const date = eventDate(folder);
    for (const [id, grade] of [['Sen-A', '1 Dan'], ['Sen-B', '2 Kyu'], ['Sen-C', '4 Kyu'], ['Sen-D', '1 Kyu']] as const) {
      await run('player', 'add', '--id', id, '--family', id, '--country', 'JP', '--grade', grade, '--grade-source', 'NSR', '--date', date);
    }
    await run('tournament', 'add', '--id', 'sen', '--name', 'Sennichite and replay', '--start', date, '--main', '30', '--byoyomi', '30');
    const game = (id: string, round: string, first: string, second: string, result: string, ...more: string[]) =>
      run('game', 'report', '--tournament', 'sen', '--game', id, '--round', round, '--first', first, '--second', second, '--result', result, ...more);
    await game('g1', '1', 'Sen-A', 'Sen-B', 'sennichite');
    await game('g2', '1', 'Sen-C', 'Sen-D', 'win');
    await game('g3', '2', 'Sen-A', 'Sen-C', 'win');
    await game('g4', '2', 'Sen-B', 'Sen-D', 'loss');
    await game('g5', '1', 'Sen-A', 'Sen-B', 'win', '--replay-of', 'g1');
    await run('tournament', 'close', '--id', 'sen');
    expect((await html(db, 'sen')).equals(fs.readFileSync(path.join(folder, 'turnering.html')))).toBe(true);
    expect((await allTxt(db, date)).equals(fs.readFileSync(path.join(folder, 'all.txt')))).toBe(true);
  });

  it('a list published as fesa-all is reproduced exactly after a correction; diff --published says what changed', async () => {
    const dir = tempDir('published-all');
    const db = path.join(dir, 'ledger.db');
    const chain = nekomadoChain().slice(0, 8);
    expect((await ledger('fesa', 'import', chainOf(chain), '--db', db)).code).toBe(0);
    const asOf = eventDate(chain[7]!);
    const published = path.join(dir, 'published.txt');
    const pub = await ledger('list', 'publish', '--id', 'A-2016', '--as-of', asOf, '--format', 'fesa-all', '--db', db, '--out', published, '--json');
    expect(pub.code).toBe(0);
    expect(fs.readFileSync(published).equals(fs.readFileSync(path.join(chain[7]!, 'all.txt')))).toBe(true);
    expect(JSON.parse(pub.out)).toMatchObject({ format: 'fesa-all', contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    expect((await ledger('fesa', 'import', path.join(FIXTURES, 'fesa-corrected', '03_3rd_nekomadoken'), '--correct', '--db', db)).code).toBe(0);
    expect((await allTxt(db, asOf)).equals(fs.readFileSync(published))).toBe(false);
    expect((await fileOf(db, ['list', '--published', 'A-2016'])).equals(fs.readFileSync(published))).toBe(true);
    const diff = JSON.parse((await ledger('diff', '--published', 'A-2016', '--db', db, '--json')).out) as { runs: { tournamentId: string; playerId: string }[] };
    expect(diff.runs.some((r) => r.tournamentId === '03_3rd_nekomadoken' && r.playerId === 'N16')).toBe(true);
    // after the correction both files of every event, 03 and the ones it re-rated, are the program's re-run of the
    // corrected chain (test/fixtures/fesa-corrected)
    const rerun = fs.readdirSync(path.join(FIXTURES, 'fesa-corrected')).filter((n) => /^\d\d_/.test(n)).sort();
    expect(rerun).toHaveLength(8);
    for (const name of rerun) {
      const folder = path.join(FIXTURES, 'fesa-corrected', name);
      expect({ name, same: (await allTxt(db, eventDate(folder))).equals(fs.readFileSync(path.join(folder, 'all.txt'))) }).toEqual({ name, same: true });
      expect({ name, same: (await html(db, name)).equals(fs.readFileSync(path.join(folder, 'turnering.html'))) }).toEqual({ name, same: true });
    }
  }, 60_000);

  it('tournament show: a table by default, JSON with --json, one sentence for an unknown tournament', async () => {
    const db = path.join(tempDir('show'), 'ledger.db');
    expect((await ledger('fesa', 'import', chainOf(nekomadoChain().slice(0, 6)), '--db', db)).code).toBe(0);
    const text = await ledger('tournament', 'show', '02_2nd_nekomadoken', '--db', db);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^2nd Nekomado-ken \(2016-05-22\)\nnr +player/);
    // the footnote explains the stars of provisional players, and only where some player is provisional
    expect(text.out).toMatch(/\d\*/);
    expect(text.out).toContain('\n(* provisional: the new performance rating)');
    const established = await ledger('tournament', 'show', '06_6th_nekomadoken', '--db', db);
    expect({ code: established.code, stars: established.out.includes('*') }).toEqual({ code: 0, stars: false });
    const json = JSON.parse((await ledger('tournament', 'show', '02_2nd_nekomadoken', '--db', db, '--json')).out) as { rows: { nr: number }[] };
    expect(json.rows.map((r) => r.nr)).toEqual(json.rows.map((_, i) => i + 1));
    const unknown = await ledger('tournament', 'show', 'nope', '--db', db);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no tournament "nope" in the ledger');
    const badFormat = await ledger('tournament', 'show', '02_2nd_nekomadoken', '--format', 'pdf', '--db', db);
    expect(badFormat.code).toBe(2);
    expect(badFormat.err).toContain('--format must be one of table, fesa-html');
  });
});

describe('fesa run writes all three files; --out keeps writing only the post list', () => {
  const src = nekomadoChain()[24]!;
  const copyInputs = (): string => {
    const dir = tempDir('run');
    for (const f of ['turnering.txt', 'ratingliste.pre', 'nye-spillere']) if (fs.existsSync(path.join(src, f))) fs.copyFileSync(path.join(src, f), path.join(dir, f));
    return dir;
  };
  it('into the folder, into --out-dir, or only the post list with --out', async () => {
    const dir = copyInputs();
    const r = await ledger('fesa', 'run', dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`wrote ${path.join(dir, 'ratingliste.post')}, ${path.join(dir, 'all.txt')}, ${path.join(dir, 'turnering.html')}`);
    for (const f of ['ratingliste.post', 'all.txt', 'turnering.html']) expect(fs.readFileSync(path.join(dir, f)).equals(fs.readFileSync(path.join(src, f)))).toBe(true);

    const elsewhere = tempDir('run-out-dir');
    expect((await ledger('fesa', 'run', dir, '--out-dir', elsewhere)).code).toBe(0);
    expect(fs.readdirSync(elsewhere).sort()).toEqual(['all.txt', 'ratingliste.post', 'turnering.html']);

    const only = copyInputs();
    const post = path.join(tempDir('run-out'), 'post');
    expect((await ledger('fesa', 'run', only, '--out', post)).code).toBe(0);
    expect(fs.readFileSync(post).equals(fs.readFileSync(path.join(src, 'ratingliste.post')))).toBe(true);
    expect(fs.readdirSync(only).sort()).toEqual(['nye-spillere', 'ratingliste.pre', 'turnering.txt'].filter((f) => fs.existsSync(path.join(src, f))).sort());

    const both = await ledger('fesa', 'run', only, '--out', post, '--out-dir', elsewhere);
    expect(both.code).toBe(2);
    expect(both.err).toContain('give --out FILE (the post list only) or --out-dir DIR (all three files), not both');
    const missing = await ledger('fesa', 'run', only, '--out-dir', path.join(elsewhere, 'nope'));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no such directory');
    expect(fs.readdirSync(only)).not.toContain('ratingliste.post');

    // an event date the program rates (it compares dates as text) but cannot write all.txt for: one sentence, no file
    const badDate = copyInputs();
    const text = fs.readFileSync(path.join(badDate, 'turnering.txt'), 'latin1');
    fs.writeFileSync(path.join(badDate, 'turnering.txt'), text.replace(`[${eventDate(src)}]`, '[2017-12-3]'), 'latin1');
    const refused = await ledger('fesa', 'run', badDate);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('turnering.txt: all.txt cannot be written: the list date "2017-12-3" is not a date the official program accepts in all.txt');
    expect(fs.readdirSync(badDate)).not.toContain('ratingliste.post');
  });
});

describe('HTTP: /lists?format=fesa-all and /tournaments/:id?format=fesa-html', () => {
  const db = path.join(tempDir('http-published'), 'ledger.db');
  const chain = nekomadoChain().slice(0, 3);
  let api: Api;
  beforeAll(async () => {
    expect((await ledger('fesa', 'import', chainOf(chain), '--db', db)).code).toBe(0);
    api = await startApi(db);
  });
  afterAll(async () => api.close());
  // every answer is held to the OpenAPI document
  const get = async (url: string) => {
    const r = await api.get(url);
    return { status: r.status, type: r.type, bytes: r.bytes };
  };

  it('serves the program files byte for byte, in ISO-8859-1', async () => {
    for (const folder of chain) {
      const all = await get(`/lists?as-of=${eventDate(folder)}&format=fesa-all`);
      expect(all.status).toBe(200);
      expect(all.type).toBe('text/plain; charset=iso-8859-1');
      expect(all.bytes.equals(fs.readFileSync(path.join(folder, 'all.txt')))).toBe(true);
      const page = await get(`/tournaments/${path.basename(folder)}?format=fesa-html`);
      expect(page.status).toBe(200);
      expect(page.type).toBe('text/html; charset=iso-8859-1');
      expect(page.bytes.equals(fs.readFileSync(path.join(folder, 'turnering.html')))).toBe(true);
    }
    const json = await get(`/tournaments/${path.basename(chain[0]!)}`);
    expect(JSON.parse(json.bytes.toString('utf8')).rows.length).toBeGreaterThan(5);
    const unknown = await get('/tournaments/nope?format=fesa-html');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString('utf8'))).toMatchObject({ status: 404, detail: 'no tournament "nope" in the ledger' });
  });
});
