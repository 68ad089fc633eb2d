/**
 * `ledger import --jsonl` takes only a log the ledger could have written itself (issue 28, point 7): a file whose
 * chain was re-computed after an edit carries valid links, so every event is also decoded with the catalogue's codecs
 * and replayed through the deciders, in its stream at the next revision, at a recorded time that neither runs
 * backwards nor lies in the future. A refusal names the line and the field and leaves nothing in the target, on
 * SQLite and PostgreSQL, even when it comes half-way through the append.
 */
import * as fs from 'fs';
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainHash, GENESIS, logDigest } from '../../../src/app/chain';
import { canonicalJson } from '../../../domain/commands/decide';
import { importLog } from '../../../src/app/log-export';
import { logChecksum } from '../../../src/adapters/store/migrate';
import { cliBuilt, ledgerProcess, tempDir } from '../../support/helpers';
import { places } from '../../support/places';
import { sampleEvents } from '../../support/samples';
import { streamOf, type DomainEvent } from '../../../domain/events';

const built = cliBuilt();
const dir = tempDir('import-jsonl');
const original = path.join(dir, 'ledger.db');
const exported = path.join(dir, 'ledger.jsonl');

interface Line {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded: string;
  hash: string;
}

/** The export's event lines, parsed. */
const eventLines = (): Line[] =>
  fs.readFileSync(exported, 'utf8').trimEnd().split('\n').slice(1, -1).map((l) => JSON.parse(l) as Line);

/** An export of `lines` whose chain and closing line are re-computed, as a careful forger would. */
const rechained = (lines: readonly Line[]): string => {
  const digest = logDigest();
  let previous = GENESIS;
  const out = [JSON.stringify({ ledgerLog: 1, source: 'forged' })];
  for (const [i, l] of lines.entries()) {
    const event = { streamId: l.stream, revision: l.revision, eventId: l.id, type: l.type, data: l.data, recordedAt: l.recorded };
    previous = chainHash(event, previous, canonicalJson(l.data));
    digest.add({ ...event, hash: previous });
    out.push(JSON.stringify({ ...l, position: i + 1, hash: previous }));
  }
  out.push(JSON.stringify({ end: true, ...digest.result() }));
  return `${out.join('\n')}\n`;
};

const forged = (name: string, edit: (lines: Line[]) => Line[]): string => {
  const file = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(file, rechained(edit(eventLines())));
  return file;
};
const at = (type: string, n = 0) => (lines: readonly Line[]): number => lines.map((l, i) => [l, i] as const).filter(([l]) => l.type === type)[n]![1];
const editing = (pick: (lines: readonly Line[]) => number, change: (line: Line) => Line) => (lines: Line[]): Line[] => {
  const i = pick(lines);
  return lines.map((l, j) => (j === i ? change(structuredClone(l)) : l));
};

const game = at('GameReported');
/** The log with an officer fact of `type` (the catalogue's sample, about P1) under `ruleSet` added at its end. */
const officerFact = (type: 'RatingAdjusted' | 'ListReconciled' | 'GradeAwarded', ruleSet: string) => (lines: Line[]): Line[] => {
  const event = { ...sampleEvents().find((e) => e.type === type)!, ruleSet, validDate: '2026-04-01' } as DomainEvent;
  const stream = streamOf(event);
  const last = lines.at(-1)!;
  const line: Line = { ...last, stream, revision: lines.filter((l) => l.stream === stream).length, id: event.eventId, type, data: event, metadata: {} };
  return [...lines, line];
};
const cases: readonly { what: string; edit: (lines: Line[]) => Line[]; says: RegExp }[] = [
  { what: 'an unknown event type', edit: editing(game, (l) => ({ ...l, type: 'GameForged' })), says: /line \d+: the event at position \d+: unknown event type "GameForged"/ },
  { what: 'data that is a string', edit: editing(game, (l) => ({ ...l, data: 'win' })), says: /line \d+: the event at position \d+ \(GameReported\): "data" must be the event as a JSON object, got string/ },
  { what: 'data that is null', edit: editing(game, (l) => ({ ...l, data: null })), says: /line \d+: the event at position \d+ \(GameReported\): "data" must be the event as a JSON object, got null/ },
  { what: 'a date that does not exist', edit: editing(game, (l) => ({ ...l, data: { ...(l.data as object), validDate: '2026-02-30' } })), says: /line \d+: the event at position \d+: GameReported: field `validDate`: expected a date YYYY-MM-DD, got "2026-02-30"/ },
  { what: 'a result that is not one', edit: editing(game, (l) => ({ ...l, data: { ...(l.data as object), result: 'maybe' } })), says: /line \d+: the event at position \d+: GameReported: field `result`/ },
  { what: 'a family name with a line feed', edit: editing(at('PlayerRegistered'), (l) => ({ ...l, data: { ...(l.data as object), familyName: 'Han\nsen' } })), says: /line 2: .*field `familyName` contains the control character U\+000A/ },
  { what: 'a revision gap', edit: editing(at('GameReported', 1), (l) => ({ ...l, revision: l.revision + 1 })), says: /line \d+: the event at position \d+ is revision \d+ of stream "tournament-T1", expected revision \d+: revisions of a stream follow one another from 0/ },
  { what: 'an event recorded in 2999', edit: (lines) => lines.map((l, i) => (i === lines.length - 1 ? { ...l, recorded: '2999-01-01T00:00:00.000Z' } : l)), says: /line \d+: the event at position \d+ is recorded at 2999-01-01T00:00:00\.000Z, in the future/ },
  { what: 'recorded times running backwards', edit: editing(game, (l) => ({ ...l, recorded: '2001-01-01T00:00:00.000Z' })), says: /is recorded at 2001-01-01T00:00:00\.000Z, before the event before it/ },
  { what: 'a game of a tournament never registered', edit: editing(game, (l) => ({ ...l, stream: 'tournament-T9', revision: 0, data: { ...(l.data as object), tournamentId: 'T9' } })), says: /line \d+: the event at position \d+ \(GameReported\) is not one the ledger records: unknown tournament "T9"/ },
  { what: 'an event in another stream than its data says', edit: editing(game, (l) => ({ ...l, stream: 'player-P1' })), says: /is in stream "player-P1"; a GameReported of its data belongs to stream "tournament-T1"/ },
  { what: 'a published list in a format the ledger does not write', edit: editing(at('RatingListPublished'), (l) => ({ ...l, data: { ...(l.data as object), format: 'pdf' } })), says: /field `format`: "pdf" is not a format the ledger publishes lists in/ },
  ...(['RatingAdjusted', 'ListReconciled', 'GradeAwarded'] as const).map((type) => ({
    what: `a ${type} under a rule set with a typo`,
    edit: officerFact(type, 'pan-atlantc'),
    says: new RegExp(`line \\d+: the event at position \\d+ \\(${type}\\) is not one the ledger records: field \`ruleSet\`: "pan-atlantc" is not a rule set this ledger knows; expected one of fesa, fesa-published, .*pan-atlantic`),
  })),
];

describe.skipIf(!built)('import --jsonl replays what it records (real process)', () => {
  beforeAll(async () => {
    const ok = async (...argv: string[]) => {
      const r = await ledgerProcess([...argv, '--db', original, '--actor', 'officer']);
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    };
    await ok('player', 'add', '--id', 'P1', '--family', 'Hansen', '--given', 'Ola', '--country', 'NO', '--grade', '3 Kyu', '--grade-source', 'NSR', '--date', '2026-01-01');
    await ok('player', 'add', '--id', 'P2', '--family', 'Berg', '--given', 'Kari', '--country', 'NO', '--grade', '2 Kyu', '--grade-source', 'NSR', '--date', '2026-01-01');
    await ok('tournament', 'add', '--id', 'T1', '--name', 'Oslo Open', '--start', '2026-03-07', '--end', '2026-03-08', '--main', '30', '--byoyomi', '30');
    await ok('game', 'report', '--tournament', 'T1', '--game', 'g1', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win');
    await ok('game', 'report', '--tournament', 'T1', '--game', 'g2', '--round', '2', '--first', 'P2', '--second', 'P1', '--result', 'loss');
    await ok('game', 'report', '--tournament', 'T1', '--game', 'g3', '--round', '3', '--first', 'P1', '--second', 'P2', '--result', 'draw');
    await ok('tournament', 'close', '--id', 'T1');
    await ok('list', 'publish', '--id', '2026-03', '--as-of', '2026-03-31', '--format', 'csv');
    const r = await ledgerProcess(['export', '--jsonl', exported, '--db', original]);
    if (r.code !== 0) throw new Error(r.err);
  }, 120_000);

  it('a re-chained copy of the export as it was imports, and reads like the original', async () => {
    const file = forged('unchanged', (lines) => lines);
    const target = path.join(dir, 'unchanged.db');
    const r = await ledgerProcess(['import', '--jsonl', file, '--db', target]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect((await ledgerProcess(['verify', '--db', target])).code).toBe(0);
  });

  it.each(cases.map((c) => [c.what, c] as const))('refuses %s with one sentence naming the line, and leaves no ledger', async (what, c) => {
    const file = forged(what.replace(/\W+/g, '-'), c.edit);
    const target = path.join(dir, `${what.replace(/\W+/g, '-')}.db`);
    const r = await ledgerProcess(['import', '--jsonl', file, '--db', target]);
    const lines = r.err.split('\n').filter((l) => l !== '');
    expect({ code: r.code, lines: lines.length }).toEqual({ code: 1, lines: 1 });
    expect(lines[0]).toMatch(/^ledger: .*\.jsonl line \d+: /);
    expect(lines[0]).toMatch(c.says);
    expect(lines[0]).toMatch(/; nothing was imported$/);
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe.skipIf(!built).each(places)('an import refused half-way through the append leaves nothing (%s)', (_name, open) => {
  it('the file changes between the check and the append: the batches appended before the change are taken back', async () => {
    const good = fs.readFileSync(exported, 'utf8').trimEnd().split('\n');
    // the same log with its last game's result changed, re-chained: each pass alone holds together
    const other = rechained(editing((lines) => lines.length - 3, (l) => ({ ...l, data: { ...(l.data as object), result: 'loss' } }))(eventLines())).trimEnd().split('\n');
    expect(other).not.toEqual(good);
    let pass = 0;
    const lines = async function* (): AsyncGenerator<string> {
      yield* ++pass === 1 ? good : other;
    };
    const place = await open();
    try {
      const before = await logChecksum(place.store);
      // batches of two events: the first batches are in the store's transaction when the change shows
      await expect(importLog(place.store, 'changing.jsonl', lines, 2)).rejects.toThrow(/^changing\.jsonl line \d+: the file changed while it was imported .*; nothing was imported$/);
      expect(pass).toBe(2);
      expect(await logChecksum(place.store)).toEqual(before);
      expect(await place.store.headPosition()).toBe(0);
    } finally {
      await place.close();
    }
  }, 60_000);
});
