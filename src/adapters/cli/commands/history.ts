import { LIST_PRINTER } from '../../formats/list-printer';
import * as E from 'fp-ts/Either';
import { unratable } from '../../../app/failure';
import { LIST_LEGEND } from '../list-legend';
import { personNow, resolvePlayer } from '../../../app/player-lookup';
import { nearest } from '../suggest';
import * as fs from 'fs';
import * as path from 'path';
import { diffFolds, diffIdOf, gradesThatDiffer, gradeText, type FoldDiff, type GradeDiff, type ModelListEntry } from '../../../../projections/fesa/diff';
import { explainPlayer } from '../../../../projections/fesa/explain';
import { AS_ADOPTED, FESA_RULE_SETS, type FesaFold } from '../../../../projections/fesa/history';
import type { LoggedEvent } from '../../../../domain/events';
import { GENERIC_RULE_SETS, genericSystem, isGenericRuleSet } from '../../../../projections/generic/systems';
import { entryOf, parseOptionFlags } from './rulesets';
import { resumeProjection } from '../../../app/checkpoint';
import { editedListWarning, ratedInListModel, readListModel } from '../../../app/list-model';
import { foldDiffFor, playerListRows, ruleSetsFromModels, type ComparedListing, type PlayerListRows } from '../../../app/rule-set-diff';
import { mayHaveGenericGames } from '../../../app/rated-tournament';
import { ruleSetInForceOf, type LedgerState } from '../../../../domain/commands/state';
import { knownAtPositionOf, listKnownAt, publishedDiffFromModel, publishedEvent, publishedFromModel } from '../../../app/list-known-at';
import { reproducePublishedText } from '../../../app/rule-set-publication';
import { explainUnderRuleSet, listUnderRuleSet, printPublishedRuleSetDiff, refuseProgramFile } from './rule-set-lists';
import { factsKnownAt, loadFacts } from '../../../app/load';
import { publishList } from '../../../app/publish';
import { foldOrThrow as fold, isProgramFile, LIST_FORMATS, listBytes, listRows, publishedAndNow, renderList, underRuleSets, type FoldPair, type ListFormat } from '../../../app/lists';
import { UsageError } from '../args';
import { WHOLE_LOG_READ, type CliContext, type CommandRun } from '../context';
import { FoldProgress, table } from '../output';
import { careerFoldOf } from './career';
import { printChanges } from './fesa';
import { today } from '../../clock';
import { sideBySideOf } from '../../../app/side-by-side';
import { listsOfferedIn } from '../../../app/house-rule-set';


const ANY_RULE_SETS = [...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS];

/**
 * --rules: a FESA rule set is forced on every tournament (without it each is rated under the rule set in force for
 * it); any other rule set's list holds the tournaments rated under it as recorded.
 */
const ruleSetOf = (ctx: CliContext): string => {
  const id = ctx.opts.string('rules');
  if (id === undefined) return AS_ADOPTED;
  if (!ANY_RULE_SETS.includes(id)) throw new UsageError(`--rules ${id}: unknown rule set; known are ${ANY_RULE_SETS.join(', ')}`);
  return id;
};

/** `--entry` says how a newcomer enters a non-FESA rule set: FESA's newcomer rule is its own. */
const refuseEntry = (ctx: CliContext): void => {
  if (ctx.opts.string('entry') !== undefined) throw new UsageError(`--entry applies to the non-FESA rule sets (${GENERIC_RULE_SETS.join(', ')}); FESA's newcomer rule is its own`);
};

/** The FESA rule sets only (explain's tournament reports and the FESA projections). */
const fesaRuleSetOf = (ctx: CliContext): string => {
  const id = ruleSetOf(ctx);
  if (isGenericRuleSet(id)) throw new UsageError(`--rules ${id}: this command reads FESA lists; known are ${Object.keys(FESA_RULE_SETS).join(', ')}`);
  return id;
};

/** Two rule sets that are not both FESA: the players' ratings and grades side by side (`b` re-rated with `bOptions`). */
const sideBySide = (ctx: CliContext, facts: readonly LoggedEvent[], a: string, b: string, asOf: string, bOptions: Readonly<Record<string, unknown>>, players: readonly string[] | undefined): void => {
  const whole = sideBySideOf(facts, a, b, asOf, bOptions);
  const { byGrade } = whole;
  // (--player: his rows and reasons alone, as the whole comparison gives them)
  const rows = players === undefined ? whole.rows : whole.rows.filter((r) => players.includes(r.playerId));
  const why = players === undefined ? whole.why : new Map([...whole.why].filter(([id]) => players.includes(id)));
  if (ctx.json) {
    ctx.out(JSON.stringify({ labels: [a, b], asOf, ...(Object.keys(bOptions).length > 0 ? { options: bOptions } : {}), ...(byGrade.length > 0 ? { enteredAtGrade: byGrade } : {}), ...forWhom(players), players: rows.map((r) => ({ playerId: r.playerId, name: r.name, [a]: r.a, [b]: r.b, delta: r.delta, ...(why.has(r.playerId) ? { why: why.get(r.playerId) } : {}) })) }, null, 2));
    return;
  }
  ctx.out(`${a} -> ${b}${optionsText(bOptions)}, as of ${asOf}${forWhomText(players)}`);
  ctx.out(table(['player', 'name', `${a} rating`, 'grade', `${b} rating`, 'grade', 'delta'], rows.map((r) => [r.playerId, r.name, r.a?.rating ?? '-', r.a?.grade ?? '-', r.b?.rating ?? '-', r.b?.grade ?? '-', r.delta ?? '-'])));
  for (const r of byGrade) ctx.out(`\nNobody is rated under ${r} by its own entry rule on these facts (no opening balance under it to be rated against): its newcomers enter at their declared grade's midpoint, as ledger list --rules ${r} --entry grade lists them.`);
  if (why.size > 0) ctx.out(`\nWhy they differ:\n${[...why].map(([id, reasons]) => `  ${id}: ${reasons.join('; ')}`).join('\n')}`);
};

/**
 * `--player ID` (repeatable): the people the answer is restricted to, each resolved as `history` resolves him (an
 * unknown one refused, naming him) and named as the lists name him (an id merged into another: the survivor);
 * undefined: everybody.
 */
const playersOf = async (ctx: CliContext): Promise<readonly string[] | undefined> => {
  const given = ctx.opts.all('player');
  if (given.length === 0) return undefined;
  const store = await ctx.store();
  const people: string[] = [];
  for (const g of given) people.push(await personNow(store, await resolvePlayer(store, () => ctx.readLedger(), g, nearest)));
  return [...new Set(people)];
};

/** What a restricted answer says of whom it is for (JSON: `for`). */
const forWhom = (players: readonly string[] | undefined): { for?: readonly string[] } => (players === undefined ? {} : { for: players });
const forWhomText = (players: readonly string[] | undefined): string => (players === undefined ? '' : `, for ${players.join(', ')}`);

/** A fold's list as a comparison shows it (`ComparedListing`). */
const listingsOf = (f: FesaFold): ComparedListing[] => f.list.map((p) => ({ playerId: diffIdOf(f, p), rating: p.eloNumber, grade: gradeText(p) }));

/** `--player`: each named player's rows on both lists under their labels, as JSON (`players`). */
const playerRowsJson = (labels: readonly [string, string], rows: readonly PlayerListRows[] | undefined): { players?: unknown } =>
  rows === undefined ? {} : { players: rows.map((r) => ({ playerId: r.playerId, [labels[0]]: r.rows[0], [labels[1]]: r.rows[1] })) };

/** `--player`: each named player's rows on both lists, printed before what differs (`changes`). */
const printPlayerRows = (ctx: CliContext, labels: readonly [string, string], rows: readonly PlayerListRows[] | undefined, changes: FoldDiff): void => {
  if (rows === undefined) return;
  ctx.out(table(['player', `${labels[0]} rating`, 'grade', `${labels[1]} rating`, 'grade'], rows.map((r) => [r.playerId, r.rows[0]?.rating ?? '-', r.rows[0]?.grade ?? '-', r.rows[1]?.rating ?? '-', r.rows[1]?.grade ?? '-'])));
  // (the list's differences start with a blank line of their own)
  if (changes.runs.length > 0 || changes.list.length === 0) ctx.out('');
};

const optionsText = (o: Readonly<Record<string, unknown>>): string =>
  Object.keys(o).length === 0 ? '' : ` (${Object.entries(o).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')})`;

/**
 * `rerate --rules S --option k=v`: the options a non-FESA rule set re-rates the history with, checked by the rule set
 * itself (an unknown key or a bad value named) before anything is folded.
 */
const rerateOptionsOf = (ctx: CliContext, ruleSet: string): Readonly<Record<string, unknown>> => {
  const given = ctx.opts.all('option');
  if (given.length === 0) return {};
  if (!isGenericRuleSet(ruleSet)) throw new UsageError(`--option re-rates under a non-FESA rule set (${GENERIC_RULE_SETS.join(', ')}); the FESA rule sets are chosen by --rules alone`);
  const raw = parseOptionFlags(given);
  const checked = genericSystem(ruleSet).options(raw);
  if (E.isLeft(checked)) throw new UsageError(`--option for ${ruleSet}: ${checked.left.field}: ${checked.left.message}`);
  return raw;
};

/** The list format asked for; for `list` itself (`printsList`), --json means the JSON list. */
const formatOf = (ctx: CliContext, printsList = false): ListFormat => {
  const f = ctx.opts.string('format') ?? (printsList && ctx.json ? 'json' : 'table');
  if (printsList && ctx.json && f !== 'json') throw new UsageError(`--json prints the list as JSON, but --format ${f} asks for another format; give one of the two`);
  if (!(LIST_FORMATS as readonly string[]).includes(f)) throw new UsageError(`--format must be one of ${LIST_FORMATS.join(', ')}, got "${f}"`);
  return f as ListFormat;
};

export const list: CommandRun = {
  async run(ctx) {
    const listId = ctx.opts.string('published');
    if (listId !== undefined) {
      // from the list's read model as known just before its publication, checked by its hash; else folded
      const checkpoints = await ctx.checkpoints();
      const fromModel = checkpoints && (await publishedFromModel(LIST_PRINTER, await ctx.store(), checkpoints, listId));
      if (fromModel !== undefined) {
        write(ctx, fromModel.text, fromModel.event.format as ListFormat);
        return 0;
      }
      const facts = await loadFacts(await ctx.store());
      const { event, text } = reproducePublishedText(LIST_PRINTER, facts, listId);
      write(ctx, text, event.format as ListFormat);
      return 0;
    }
    const asOf = ctx.opts.date('as-of') ?? today();
    const ruleSet = ruleSetOf(ctx);
    const format = formatOf(ctx, true);
    if (isGenericRuleSet(ruleSet)) {
      await listUnderRuleSet(ctx, ruleSet, format, (text) => write(ctx, text, format));
      return 0;
    }
    refuseEntry(ctx);
    const activeYears = ctx.opts.count('active-years', 0, 200) ?? 2;
    const knownAtText = ctx.opts.string('known-at');
    const modelStorage = await ctx.checkpoints();
    if (modelStorage !== undefined) {
      // On SQLite or PostgreSQL: the list's read model as known now when it reflects the head of the log (no fold), as
      // known at --known-at once it reflects that position (caught up first when behind it)
      const store = await ctx.store();
      const knownAt = knownAtText === undefined ? undefined : await knownAtPositionOf(store, knownAtText);
      const onEdited = (why: string): void => ctx.err(editedListWarning(why));
      const request = { ruleSet, asOf, format, activeYears, onEdited, ...(knownAt === undefined ? {} : { knownAt }) };
      const fromModel = knownAt === undefined ? await readListModel(LIST_PRINTER, store, modelStorage, request) : await listKnownAt(LIST_PRINTER, store, modelStorage, { ...request, knownAt });
      if (fromModel !== undefined) {
        const rated = fromModel.rows.length > 0 ? undefined : ((await ratedInListModel(LIST_PRINTER, store, modelStorage, ruleSet, asOf, knownAt)) ?? 0);
        if (rated === 0 && (await listedUnderHouse(ctx, format))) return 0;
        write(ctx, fromModel.text, format);
        if (format === 'table' && ctx.opts.string('out') === undefined && process.stdout.isTTY) ctx.out(`\n${LIST_LEGEND}`);
        if (!isProgramFile(format) && activeYears > 0 && rated !== undefined) warnEmpty(ctx, asOf, activeYears, rated);
        return 0;
      }
    }
    const checkpoints = knownAtText === undefined ? modelStorage : undefined;
    const progress = new FoldProgress('list');
    let folded: FesaFold;
    if (checkpoints !== undefined) {
      // else resume the checkpointed projection (only events after it are read), which saves the read model again
      const resumed = await resumeProjection(await ctx.store(), checkpoints, { ruleSet, onProgress: progress.stage });
      const at = resumed.projection.asOf(asOf);
      if (E.isLeft(at)) throw unratable(at.left);
      folded = at.right;
    } else {
      // as known now, or as known at --known-at (a global position or a recorded time)
      const { facts, knownAt } = await factsKnownAt(await ctx.store(), ctx.opts.string('known-at'));
      folded = fold(facts, { ruleSet, asOf, runs: 'none', knownAt, onProgress: progress.fold });
    }
    progress.done();
    if (listRows(folded, asOf, 0).length === 0 && (await listedUnderHouse(ctx, format))) return 0;
    write(ctx, renderList(LIST_PRINTER, folded, asOf, format, activeYears), format);
    // A person reading the table on a terminal sees what its columns mean; a file or a pipe gets the table alone.
    if (format === 'table' && ctx.opts.string('out') === undefined && process.stdout.isTTY) ctx.out(`\n${LIST_LEGEND}`);
    if (!isProgramFile(format) && activeYears > 0 && listRows(folded, asOf, activeYears).length === 0) warnEmpty(ctx, asOf, activeYears, listRows(folded, asOf, 0).length);
    return 0;
  },
};

/**
 * `ledger list` with no --rules where nobody is rated under FESA: the list of the rule set this ledger's tournaments
 * are rated under (`listsOfferedIn`), as its home page shows, said on stderr — a US Shogi officer's first `ledger
 * list` is his list, not an empty FESA one. FESA's own files, a list as known at a position and --rules stay FESA's.
 */
const listedUnderHouse = async (ctx: CliContext, format: ListFormat): Promise<boolean> => {
  if (ctx.opts.string('rules') !== undefined || ctx.opts.string('known-at') !== undefined || isProgramFile(format)) return false;
  const { house } = await listsOfferedIn(await ctx.store());
  if (house === undefined) return false;
  ctx.err(`Nobody is rated under FESA in this ledger; its tournaments are rated under ${house}, whose list follows (ledger list --rules ${house}; --rules fesa for FESA's).`);
  await listUnderRuleSet(ctx, house, format, (text) => write(ctx, text, format));
  return true;
};

/** An empty list is most often the activity filter meeting a date long after the last tournament: say so. */
const warnEmpty = (ctx: CliContext, asOf: string, activeYears: number, rated: number): void => {
  if (rated > 0) ctx.err(`No player of the ${rated} rated played in the ${activeYears} years up to ${asOf} (the list's activity filter): --active-years 0 lists everybody, --as-of an earlier date the list of then.`);
};

const write = (ctx: CliContext, text: string, format: ListFormat): void => {
  const out = ctx.opts.string('out');
  if (out !== undefined) fs.writeFileSync(out, listBytes(text, format));
  else if (isProgramFile(format)) process.stdout.write(listBytes(text, format));
  else ctx.out(text.replace(/\n$/, ''));
};

/**
 * Opens `file` for writing without truncating it, so a file that cannot be written (a folder, a missing folder, no
 * permission) is refused before anything is recorded. Returns how to take back a file this created.
 */
const openForWriting = (file: string): (() => void) => {
  const existed = fs.existsSync(file);
  try {
    fs.closeSync(fs.openSync(file, 'a'));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'ENOENT' ? `its folder ${path.dirname(file)} does not exist` : code === 'EISDIR' ? 'it is a folder, expected a file' : code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'permission denied or a read-only file system' : String(error instanceof Error ? error.message : error);
    throw new UsageError(`--out ${file} cannot be written: ${why}; nothing was published`);
  }
  return () => {
    if (!existed) fs.rmSync(file, { force: true });
  };
};

export const publish: CommandRun = {
  async run(ctx) {
    const ledger = await ctx.ledger();
    const listId = ctx.opts.required('id', 'the list id, e.g. 2026-12');
    const asOf = ctx.opts.requiredDate('as-of', 'the list date');
    const format = formatOf(ctx);
    const ruleSet = ruleSetOf(ctx);
    refuseProgramFile(ruleSet, format);
    const activeYears = ctx.opts.count('active-years', 0, 200) ?? (isGenericRuleSet(ruleSet) ? 0 : 2);
    if (!isGenericRuleSet(ruleSet)) refuseEntry(ctx);
    const entry = isGenericRuleSet(ruleSet) ? entryOf(ctx, 'system') : undefined;
    const out = ctx.opts.string('out');
    // a list that cannot be written where asked is not published: the file is opened before anything is recorded
    const undo = out === undefined ? undefined : openForWriting(out);
    const { result, contentHash: hash, bytes } = await publishList(ledger, LIST_PRINTER, { validDate: asOf, actor: ctx.actor, listId, asOf, ruleSet, format, activeYears, ...(entry !== undefined && entry !== 'system' ? { entry } : {}) }, await ctx.checkpoints()).catch((error: unknown) => {
      undo?.();
      throw error;
    });
    if (out !== undefined) fs.writeFileSync(out, bytes);
    ctx.print({ listId, asOf, ruleSet, format, contentHash: hash, status: result.status }, () => `list ${listId} as of ${asOf} published (${format}, sha256 ${hash.slice(0, 16)}…)${result.status === 'unchanged' ? ' — already recorded' : ''}`);
    return 0;
  },
};

export const diff: CommandRun = {
  async run(ctx) {
    const published = ctx.opts.string('published');
    if (published !== undefined && ctx.opts.all('player').length > 0) throw new UsageError('--player restricts a comparison of two rule sets (diff --rules A --rules B --player ID), not a published list\'s diff');
    if (published !== undefined && isGenericRuleSet((await publishedEvent(await ctx.store(), published)).event.ruleSet)) {
      await printPublishedRuleSetDiff(ctx, published);
      return 0;
    }
    if (published !== undefined) {
      // from the list's read model (the published list known then, the list known now): no fold; else folded below
      const checkpoints = await ctx.checkpoints();
      const fromModel = checkpoints && (await publishedDiffFromModel(LIST_PRINTER, await ctx.store(), checkpoints, published));
      if (fromModel !== undefined) {
        printDiff(ctx, fromModel.labels, fromModel.diff, fromModel.grades);
        return 0;
      }
    }
    const progress = new FoldProgress('diff');
    const listId = ctx.opts.string('published');
    let pair: FoldPair;
    if (listId !== undefined) {
      pair = publishedAndNow(LIST_PRINTER, await loadFacts(await ctx.store(), undefined, progress.read), listId, progress.fold);
    } else {
      const rules = ctx.opts.all('rules');
      if (rules.length !== 2) throw new UsageError('give --published ID, or two rule sets: --rules A --rules B');
      for (const r of rules) if (!ANY_RULE_SETS.includes(r)) throw new UsageError(`--rules ${r}: unknown rule set; known are ${ANY_RULE_SETS.join(', ')}`);
      const asOf = ctx.opts.date('as-of') ?? today();
      // every path below may fold the whole log (a model's first save, the side by side): read unmapped, see
      // `WHOLE_LOG_READ`, opened before anything else opens the store (--player's lookup)
      await ctx.store(WHOLE_LOG_READ);
      const players = await playersOf(ctx);
      if (!rules.every((r) => r in FESA_RULE_SETS)) {
        sideBySide(ctx, await loadFacts(await ctx.store()), rules[0]!, rules[1]!, asOf, {}, players);
        return 0;
      }
      const [a, b] = [rules[0]!, rules[1]!];
      // both FESA: from the two rule sets' saved read models (SQLite, PostgreSQL), else both folded
      const checkpoints = await ctx.checkpoints();
      // (--player: from the rows of the players' slots alone)
      const fromModels = checkpoints === undefined ? undefined : await ruleSetsFromModels(await ctx.store(), checkpoints, a, b, asOf, progress.stage, undefined, players, (why) => ctx.err(editedListWarning(why)));
      if (fromModels !== undefined) {
        progress.done();
        const [l0, l1] = fromModels.lists;
        printDiff(ctx, [a, b], fromModels.diff, gradesThatDiffer(gradesIn(l0), gradesIn(l1)), players, players && playerListRows(players, fromModels.lists));
        return 0;
      }
      const { labels, before, after } = underRuleSets(await loadFacts(await ctx.store(), undefined, progress.read), a, b, asOf, progress.fold);
      progress.done();
      const grades = gradesThatDiffer(gradesOf(before), gradesOf(after));
      printDiff(ctx, labels, players === undefined ? diffFolds(before, after) : foldDiffFor(diffFolds(before, after), new Set(players)), players === undefined ? grades : grades.filter(([id]) => players.includes(id)), players, players && playerListRows(players, [listingsOf(before), listingsOf(after)]));
      return 0;
    }
    progress.done();
    const { labels, before, after } = pair;
    printDiff(ctx, labels, diffFolds(before, after), gradesThatDiffer(gradesOf(before), gradesOf(after)));
    return 0;
  },
};

/** Each listed player's grade by the id a diff names him by. */
type Grades = ReadonlyMap<string, string>;
const gradesIn = (list: readonly ModelListEntry[]): Grades => new Map(list.map((e) => [e.playerId, e.grade]));
const gradesOf = (f: FesaFold): Grades => new Map(f.list.map((p) => [diffIdOf(f, p), gradeText(p)]));

/** A diff of two lists: the re-rated tournaments, the list's changes, and the grades that differ. */
const printDiff = (ctx: CliContext, labels: readonly [string, string], changes: FoldDiff, grades: readonly GradeDiff[], players?: readonly string[], rows?: readonly PlayerListRows[]): void => {
  if (ctx.json) {
    ctx.out(JSON.stringify({ labels, ...forWhom(players), ...playerRowsJson(labels, rows), ...changes }, null, 2));
    return;
  }
  ctx.out(`${labels[0]} -> ${labels[1]}${forWhomText(players)}`);
  printPlayerRows(ctx, labels, rows, changes);
  printChanges(ctx, changes);
  if (grades.length > 0) {
    ctx.out('\nGrades that differ (who would or would not have been promoted):');
    ctx.out(table(['player', labels[0], labels[1]], grades.map((g) => [...g])));
  }
};

/**
 * What `rerate --rules S` (S not FESA) puts S beside: the one non-FESA rule set that rated every tournament closed from
 * `from` to `asOf` (a US Shogi or fide federation's ledger: its own list), else the FESA list. It was always FESA's,
 * which on a US Shogi ledger rates nobody: every "before" was "-".
 */
const besideRerate = (state: Pick<LedgerState, 'tournaments' | 'ruleSetAdoptions'>, from: string, asOf: string): string => {
  const inForce = new Set<string>();
  for (const t of state.tournaments.values()) {
    const r = t.registration;
    if (t.closed !== undefined && r.rated && r.endDate >= from && r.endDate <= asOf) inForce.add(ruleSetInForceOf(state, r));
  }
  const [only] = inForce;
  return inForce.size === 1 && only !== undefined && isGenericRuleSet(only) ? only : 'fesa';
};

export const rerate: CommandRun = {
  async run(ctx) {
    const progress = new FoldProgress('rerate');
    const fromGiven = ctx.opts.date('from');
    const from = fromGiven ?? '0000-01-01';
    const asOf = ctx.opts.date('as-of') ?? today();
    const requested = ctx.opts.string('rules') ?? 'fesa-published';
    const options = rerateOptionsOf(ctx, requested);
    // every path below may fold the whole log: read unmapped (`WHOLE_LOG_READ`), opened before --player's lookup
    await ctx.store(WHOLE_LOG_READ);
    const players = await playersOf(ctx);
    if (!(requested in FESA_RULE_SETS)) {
      // Another system: the same facts, every tournament rated with it, next to the list they were rated for
      const beside = besideRerate(await (await ctx.readLedger()).catchUp(), from, asOf);
      sideBySide(ctx, await loadFacts(await ctx.store(), undefined, progress.read), beside, requested, asOf, options, players);
      return 0;
    }
    const ruleSet = fesaRuleSetOf(ctx);
    // the rule sets in force and the one asked for, from their saved list models (each saved on its first use, so a
    // second rerate reads rows, not the log); folded from the log where no model can answer
    const checkpoints = await ctx.checkpoints();
    // (from the rows dated from --from on and the lists: the runs' changes before it are left out below)
    // (--player: from the rows of the players' slots alone)
    const fromModels = checkpoints === undefined ? undefined : await ruleSetsFromModels(await ctx.store(), checkpoints, AS_ADOPTED, ruleSet, asOf, progress.stage, fromGiven, players, (why) => ctx.err(editedListWarning(why)));
    let changes: FoldDiff;
    let rows: PlayerListRows[] | undefined;
    if (fromModels !== undefined) [changes, rows] = [fromModels.diff, players && playerListRows(players, fromModels.lists)];
    else {
      const facts = await loadFacts(await ctx.store(), undefined, progress.read);
      const [before, after] = [fold(facts, { ruleSet: AS_ADOPTED, asOf, runs: 'changes', onProgress: progress.fold }), fold(facts, { ruleSet, asOf, runs: 'changes', onProgress: progress.fold })];
      changes = players === undefined ? diffFolds(before, after) : foldDiffFor(diffFolds(before, after), new Set(players));
      rows = players && playerListRows(players, [listingsOf(before), listingsOf(after)]);
    }
    progress.done();
    const filtered = { runs: changes.runs.filter((r) => r.date >= from), list: changes.list };
    const labels = [AS_ADOPTED, ruleSet] as const;
    if (ctx.json) ctx.out(JSON.stringify({ ruleSet, from, asOf, ...forWhom(players), ...playerRowsJson(labels, rows), ...filtered }, null, 2));
    else {
      ctx.out(`re-rated under ${ruleSet} (compared with the rule sets in force) from ${from}, list as of ${asOf}${forWhomText(players)}:`);
      printPlayerRows(ctx, labels, rows, filtered);
      printChanges(ctx, filtered);
    }
    return 0;
  },
};

export const explain: CommandRun = {
  async run(ctx) {
    const given = ctx.opts.positional[0];
    if (!given) throw new UsageError('missing the player id or name: ledger explain <player-id-or-name> [--tournament T] [--rules ID]');
    const playerId = await resolvePlayer(await ctx.store(), () => ctx.readLedger(), given, nearest);
    const ruleSet = ruleSetOf(ctx);
    if (isGenericRuleSet(ruleSet)) {
      await explainUnderRuleSet(ctx, playerId, ruleSet, ctx.opts.string('tournament'));
      return 0;
    }
    refuseEntry(ctx);
    const tournamentId = ctx.opts.string('tournament');
    const folded = (await careerFoldOf(ctx, 'explain', ruleSet, playerId, tournamentId)) ?? fold(await loadFacts(await ctx.store()), { ruleSet, runs: 'reports' });
    const explanation = explainPlayer(folded, playerId, tournamentId);
    if (E.isLeft(explanation)) throw new UsageError(explanation.left);
    // a player FESA never rated (a US, pan-atlantic, TRF or EGD player): his games under the rule sets that rated
    // them, as `history` without --rules shows his career under them
    const { tournaments, officerFacts } = explanation.right.data;
    if (ruleSet === AS_ADOPTED && tournaments.length === 0 && officerFacts.length === 0 && (await mayHaveGenericGames(await ctx.store(), await ctx.checkpoints(), playerId))) {
      await explainUnderRuleSet(ctx, playerId, undefined, tournamentId);
      return 0;
    }
    ctx.out(ctx.json ? JSON.stringify(explanation.right.data, null, 2) : explanation.right.text);
    return 0;
  },
};
