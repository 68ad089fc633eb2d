import { FoldProgress } from '../output';
import * as E from 'fp-ts/Either';
import { unratable } from '../../../app/failure';
import { playerCareer, renderCareer } from '../../../../projections/fesa/career';
import { AS_ADOPTED, FESA_RULE_SETS } from '../../../../projections/fesa/history';
import { FesaProjection } from '../../../../projections/fesa/incremental';
import { readCareerModel } from '../../../app/career-model';
import { rebuildProjection } from '../../../app/checkpoint';
import { readCaughtUp } from '../../../app/career-reads';
import { mayHaveGenericGames, ratedListSlice } from '../../../app/rated-tournament';
import type { FesaFold } from '../../../../projections/fesa/history';
import type { CheckpointStorage } from '../../../app/ports/checkpoint-storage';
import type { EventStore } from '../../../app/ports/event-store';
import { loadFacts } from '../../../app/load';
import { defaultStoreSpec } from '../../store/open';
import { UsageError } from '../args';
import { WHOLE_LOG_READ, type CliContext, type CommandRun } from '../context';
import { table } from '../output';
import { genericCareer, type GenericCareer } from '../../../app/tournaments';
import { balancesAndTournamentsByDate, ruleSetStandings, type RuleSetStanding } from '../../../app/career-rule-sets';
import { foldGeneric } from '../../../../projections/generic/history';
import { GENERIC_RULE_SETS, genericSystem, isGenericRuleSet } from '../../../../projections/generic/systems';
import { ruleSetInForceOf } from '../../../../domain/commands/state';
import { resolvePlayer } from '../../../app/player-lookup';
import { nearest } from '../suggest';
import { readRuleSetCareer, rebuildRuleSetModels } from '../../../app/rule-set-career-model';
import { savedModelNotServed } from './rule-set-lists';

const ruleSetOf = (ctx: CliContext, also: readonly string[] = []): string => {
  const id = ctx.opts.string('rules');
  if (id === undefined) return AS_ADOPTED;
  if (!(id in FESA_RULE_SETS) && !also.includes(id)) throw new UsageError(`--rules ${id}: available are ${[...Object.keys(FESA_RULE_SETS), ...also].join(', ')}`);
  return id;
};

const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));

/** A career under fide, uscf-k, gobase-go …: opening balances, then each tournament with every game from the player's side. */
const GRADE_CHANGE: Readonly<Record<GenericCareer['grades'][number]['kind'], string>> = {
  entry: 'entered at', 'opening-balance': 'opening grade', scale: 'grade by rating', promotion: 'promoted to', 'ratification-requested': 'ratification requested for', redetermination: 'club grade redetermined to', award: 'awarded',
};

/** What a balance dated after tournaments of its rule set means: the legacy list's record replaces what they gave him. */
const balanceAfterTournaments = (c: GenericCareer, b: GenericCareer['openingBalances'][number]): string => {
  const earlier = c.tournaments.filter((t) => t.ruleSet === b.ruleSet && t.endDate < b.date && t.after !== null).map((t) => t.tournamentId);
  return earlier.length === 0
    ? ''
    : `\n  (the balance of ${b.date} stands for his record under ${b.ruleSet} from that date on: it replaces the rating ${earlier.join(', ')} gave him, which the later tournaments no longer start from)`;
};

const genericCareerText = (c: GenericCareer): string => {
  const lines = [`${c.playerId}  ${c.name}`];
  for (const item of balancesAndTournamentsByDate(c.openingBalances, c.tournaments)) {
    if ('balance' in item) {
      const b = item.balance;
      lines.push('', `${b.date}  opening balance under ${b.ruleSet}: ${b.rating ?? 'unrated'} (${b.source})${balanceAfterTournaments(c, b)}`);
      continue;
    }
    const t = item.tournament;
    // a newcomer's first tournament gives him a rating from none: that is his first rating, not a tournament he sat out
    const change =
      t.after === null ? 'not rated in it' : t.before === null ? `first rating ${t.after}` : `${t.before} -> ${t.after} (${signed(t.after - t.before)})`;
    lines.push('', `${t.endDate}  ${t.name} (${t.tournamentId}), ${t.ruleSet === null ? 'not closed yet' : `under ${t.ruleSet}`}: ${change}`);
    lines.push(table(['round', 'colour', 'opponent', 'result', 'stones', 'rated'], t.games.map((g) => [g.round, g.colour ?? '', g.opponent ?? '(bye)', g.result, g.handicapStones ?? '', g.rated])));
  }
  if (c.grades.length > 0) {
    lines.push('', 'Grades:');
    for (const g of c.grades) lines.push(`${g.date}  ${g.ruleSet}  ${GRADE_CHANGE[g.kind]} ${g.to}${g.from !== null && (g.kind === 'promotion' || g.kind === 'scale') ? ` (from ${g.from})` : ''}${g.tournamentId ? ` in ${g.tournamentId}` : ''}: ${g.rule}`);
  }
  return lines.join('\n');
};

/**
 * `read` from the careers' read model next to the log (SQLite, PostgreSQL) when it reflects the head of the log, after
 * catching the saved projection up when it is behind (which saves the model again); undefined when there is none to
 * read (EventStoreDB, a fold that fails, nothing saved of what is asked): the command folds then.
 */
export const fromCareerModel = async <A>(ctx: CliContext, command: string, ruleSet: string, read: (store: EventStore, checkpoints: CheckpointStorage) => Promise<A | 'behind' | undefined>): Promise<A | undefined> => {
  const checkpoints = await ctx.checkpoints();
  if (checkpoints === undefined) return undefined;
  return readCaughtUp(await ctx.store(), checkpoints, ruleSet, read, () => new FoldProgress(command));
};

/** What a career or an explanation reads of the fold, from the careers' read model (see `fromCareerModel`). */
export const careerFoldOf = (ctx: CliContext, command: string, ruleSet: string, playerId: string, tournamentId?: string): Promise<FesaFold | undefined> => {
  const onStale = careerModelStale(ctx);
  return fromCareerModel(ctx, command, ruleSet, (store, checkpoints) => readCareerModel(store, checkpoints, ruleSet, playerId, tournamentId, onStale));
};

/** Says once that the careers' model was not served (built from another log): the catch-up then folds the log anew. */
export const careerModelStale = (ctx: CliContext): ((why: string) => void) => {
  let told = false;
  return (why) => {
    if (!told) ctx.err(`warning: ${why}; it is folded from the log again (\`ledger verify\` checks every saved model)`);
    told = true;
  };
};

/**
 * A non-FESA career from the saved careers model, else (EventStoreDB keeps none) folded from the non-FESA slice; with
 * what each rule set holds of him now (his counters, a ratification pending), as the player's page has them.
 */
const savedOrFoldedCareer = async (ctx: CliContext, playerId: string): Promise<{ career: GenericCareer | undefined; standings: readonly RuleSetStanding[] }> => {
  const [store, storage] = [await ctx.store(), await ctx.checkpoints()];
  if (storage !== undefined) return readRuleSetCareer(store, storage, playerId, savedModelNotServed(ctx));
  // the non-FESA slice (its tournaments, their players, every name), not the FESA games the fold passes over
  const slice = await ratedListSlice(store);
  const fold = foldGeneric(slice.facts);
  return { career: genericCareer(slice.facts, slice.state, playerId, fold), standings: ruleSetStandings(fold, playerId, () => undefined) };
};

/** What the rule set keeps on him beside his rating, where it keeps any: its counters now, a ratification pending. */
const standingOf = (ruleSet: string, standings: readonly RuleSetStanding[]): Pick<RuleSetStanding, 'counters' | 'ratificationRequested'> => {
  const own = standings.find((s) => s.ruleSet === ruleSet);
  const system = genericSystem(ruleSet);
  return {
    ...(system.counters !== undefined ? { counters: own?.counters ?? {} } : {}),
    ...(system.grades?.ratification !== undefined ? { ratificationRequested: own?.ratificationRequested ?? null } : {}),
  };
};

const standingText = (ruleSet: string, s: Pick<RuleSetStanding, 'counters' | 'ratificationRequested'>): string[] => [
  ...(s.counters === undefined ? [] : Object.keys(s.counters).length === 0
    ? ['', `Counters under ${ruleSet} now: none running`]
    : ['', `Counters under ${ruleSet} now:`, table(['counter', 'games'], Object.entries(s.counters).map(([name, n]) => [name, n]))]),
  ...(s.ratificationRequested === undefined ? [] : ['', `Ratification pending under ${ruleSet}: ${s.ratificationRequested === null ? 'none' : `${s.ratificationRequested} (requested, not yet awarded)`}`]),
];

export const history: CommandRun = {
  async run(ctx) {
    const given = ctx.opts.positional[0];
    if (!given) throw new UsageError('missing the player id or name: ledger history <player-id-or-name> [--json]');
    const playerId = await resolvePlayer(await ctx.store(), () => ctx.readLedger(), given, nearest);
    const ruleSet = ruleSetOf(ctx, GENERIC_RULE_SETS);
    // a FESA career from the careers' read model when the player has one (what the fold below would print too)
    if (!isGenericRuleSet(ruleSet)) {
      const fromModel = await careerFoldOf(ctx, 'history', ruleSet, playerId);
      const career = fromModel === undefined ? undefined : playerCareer(fromModel, playerId);
      // without rated tournaments (an opening balance no tournament followed), the career is the fold's too unless
      // the player played in a TRF or EGD tournament, which the default rule set shows instead (below)
      if (career !== undefined && E.isRight(career) && (career.right.ratings.length > 0 || ruleSet !== AS_ADOPTED || !(await mayHaveGenericGames(await ctx.store(), await ctx.checkpoints(), playerId)))) {
        ctx.out(ctx.json ? JSON.stringify(career.right, null, 2) : renderCareer(career.right));
        return 0;
      }
    }
    if (isGenericRuleSet(ruleSet)) {
      const { career: generic, standings } = await savedOrFoldedCareer(ctx, playerId);
      const shown = generic && { ...generic, tournaments: generic.tournaments.filter((t) => t.ruleSet === ruleSet), openingBalances: generic.openingBalances.filter((b) => b.ruleSet === ruleSet), grades: generic.grades.filter((g) => g.ruleSet === ruleSet) };
      if (shown === undefined || (shown.tournaments.length === 0 && shown.openingBalances.length === 0)) throw new UsageError(`${playerId} played no tournament rated under ${ruleSet}`);
      const standing = standingOf(ruleSet, standings);
      ctx.out(ctx.json ? JSON.stringify({ ...shown, ...standing }, null, 2) : [genericCareerText(shown), ...standingText(ruleSet, standing)].join('\n'));
      return 0;
    }
    const progress = new FoldProgress('history');
    const facts = await loadFacts(await ctx.store(), undefined, progress.read);
    // a player of TRF and EGD files (fide, uscf-k, gobase-go …): his games there, colours, stones and all
    if (ruleSet === AS_ADOPTED) {
      const state = await (await ctx.readLedger()).catchUp();
      const generic = genericCareer(facts, state, playerId);
      const fesaGames = [...state.tournaments.values()].some((t) => !isGenericRuleSet(ruleSetInForceOf(state, t.registration)) && [...t.games.values()].some((g) => g.facts.first === playerId || g.facts.second === playerId));
      if (generic !== undefined && generic.tournaments.length > 0 && !fesaGames) {
        progress.done();
        ctx.out(ctx.json ? JSON.stringify(generic, null, 2) : genericCareerText(generic));
        return 0;
      }
    }
    const projection = new FesaProjection({ ruleSet, runs: 'reports', onProgress: progress.fold });
    projection.apply(facts);
    const folded = projection.current();
    progress.done();
    if (E.isLeft(folded)) throw unratable(folded.left);
    const career = playerCareer(folded.right, playerId);
    if (E.isLeft(career)) throw new UsageError(career.left);
    ctx.out(ctx.json ? JSON.stringify(career.right, null, 2) : renderCareer(career.right));
    return 0;
  },
};

export const rebuild: CommandRun = {
  async run(ctx) {
    const ruleSet = ruleSetOf(ctx, GENERIC_RULE_SETS);
    const started = process.hrtime.bigint();
    // the log read through SQLite's page cache, not a memory map: the fold reads every page once, and a mapped page
    // stays in the process's resident memory to its end (566 MiB of a million games' peak)
    await ctx.store(WHOLE_LOG_READ);
    const checkpoints = await ctx.savedProjections();
    if (checkpoints === undefined) throw new UsageError(`projection checkpoints are kept next to the log in SQLite or PostgreSQL; the store "${ctx.storeSpec ?? defaultStoreSpec()}" keeps none (list and the other commands fold from the log)`);
    if (isGenericRuleSet(ruleSet)) {
      // one fold of the non-FESA slice gives every non-FESA rule set's list model and their careers model
      const made = await rebuildRuleSetModels(await ctx.store(), checkpoints);
      const summary = { ruleSet, position: made.position, events: made.facts, versions: made.versions, milliseconds: Math.round(Number(process.hrtime.bigint() - started) / 1e6) };
      ctx.print(summary, () => `list and careers models of ${GENERIC_RULE_SETS.join(', ')} rebuilt from ${summary.events} events up to position ${summary.position}: ${summary.versions} player versions (${summary.milliseconds} ms); saved`);
      return 0;
    }
    const result = await rebuildProjection(await ctx.store(), checkpoints, { ruleSet });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const folded = result.projection.current();
    if (E.isLeft(folded)) throw unratable(folded.left);
    const summary = { ruleSet, position: result.projection.position, events: result.eventsRead, players: folded.right.list.length, milliseconds: Math.round(ms) };
    ctx.print(summary, () => `projection ${ruleSet} rebuilt from ${summary.events} events up to position ${summary.position}: ${summary.players} players on the list (${summary.milliseconds} ms); checkpoint saved`);
    return 0;
  },
};
