/**
 * `list`, `diff --published` and `explain` for the six non-FESA rule sets: the same commands as FESA's, over the
 * generic fold (src/app/rule-set-list.ts) instead of the FESA list model.
 */
import * as E from 'fp-ts/Either';
import { unratable } from '../../../app/failure';
import { loadFacts } from '../../../app/load';
import { knownAtPositionOf } from '../../../app/list-known-at';
import { ratedListSlice } from '../../../app/rated-tournament';
import { ruleSetList } from '../../../app/rule-set-list';
import { readRuleSetListModel } from '../../../app/rule-set-list-model';
import { programFileRefusal, publishedRuleSetDiff, renderRuleSetList, type RuleSetListDiff } from '../../../app/rule-set-publication';
import type { ListFormat } from '../../../app/lists';
import { explainedUnder, explanationData, explanationOf, nothingExplained, type GenericExplanation } from '../../../../projections/generic/explain';
import { readRuleSetCareer, spliceRuleSetCareersWithLists } from '../../../app/rule-set-career-model';
import { foldGeneric } from '../../../../projections/generic/history';
import type { GenericRuleSetId } from '../../../../projections/generic/systems';
import { entryOf } from './rulesets';
import { LIST_PRINTER } from '../../formats/list-printer';
import { UsageError } from '../args';
import type { CliContext } from '../context';
import { table } from '../output';
import { today } from '../../clock';

/** A FESA file format asked of another rule set's list is refused before anything is read or recorded. */
export const refuseProgramFile = (ruleSet: string, format: ListFormat): void => {
  const refusal = programFileRefusal(ruleSet, format);
  if (refusal !== undefined) throw new UsageError(refusal);
};

/** Says once why a saved model of the non-FESA rule sets was not served (it is made again from the log). */
export const savedModelNotServed = (ctx: CliContext): ((why: string) => void) => {
  let told = false;
  return (why) => {
    if (!told) ctx.err(`warning: ${why}; it is made again from the log (\`ledger verify\` checks every saved model)`);
    told = true;
  };
};

/** `ledger list --rules S` for a non-FESA rule set; `write` puts the text where --out says. */
export const listUnderRuleSet = async (ctx: CliContext, ruleSet: GenericRuleSetId, format: ListFormat, write: (text: string) => void): Promise<void> => {
  refuseProgramFile(ruleSet, format);
  const asOf = ctx.opts.date('as-of') ?? today();
  const activeYears = ctx.opts.count('active-years', 0, 200) ?? 0;
  const entry = entryOf(ctx, 'system');
  const store = await ctx.store();
  const knownAtText = ctx.opts.string('known-at');
  const knownAt = knownAtText === undefined ? undefined : await knownAtPositionOf(store, knownAtText);
  const storage = await ctx.checkpoints();
  // the saved model answers the default entry policy; otherwise (or known at a position before its last fact) the
  // non-FESA tournaments, their players and every name are folded, not the FESA games (which the fold passes over)
  const onEdited = savedModelNotServed(ctx);
  // the careers model spliced in the fold that catches the lists up, where a write left both behind
  if (storage !== undefined && entry === 'system' && knownAt === undefined) await spliceRuleSetCareersWithLists(store, storage);
  const saved = storage !== undefined && entry === 'system' ? await readRuleSetListModel(store, storage, ruleSet, { asOf, activeYears, onEdited, ...(knownAt !== undefined ? { knownAt } : {}) }) : undefined;
  const list = saved ?? ruleSetList((await ratedListSlice(store, { ...(knownAt !== undefined ? { upTo: knownAt } : {}), ...(storage ? { storage } : {}) })).facts, ruleSet, { asOf, activeYears, entry, ...(knownAt !== undefined ? { knownAt } : {}) });
  write(renderRuleSetList(LIST_PRINTER, list, format));
  if (list.players.length === 0 && format === 'table') {
    ctx.err(`No player has a rating under ${ruleSet} as of ${asOf}: the list holds the tournaments rated under ${ruleSet} (ledger rerate --rules ${ruleSet} rates every tournament under it)` +
      (entry === 'system' ? `; under --entry system (the default) a newcomer enters by ${ruleSet}'s own rule, and --entry grade or --entry 1500 gives everybody a start.` : '.'));
  }
};

/** `ledger diff --published X` for a non-FESA list: the players whose rating or grade changed since. */
export const printPublishedRuleSetDiff = async (ctx: CliContext, listId: string): Promise<void> => {
  const diff: RuleSetListDiff = publishedRuleSetDiff(LIST_PRINTER, await loadFacts(await ctx.store()), listId);
  if (ctx.json) {
    ctx.out(JSON.stringify(diff, null, 2));
    return;
  }
  ctx.out(`published ${listId} -> known now`);
  if (diff.players.length === 0) {
    ctx.out('no player\'s rating or grade changed');
    return;
  }
  const cell = (s: RuleSetListDiff['players'][number]['before']): string => (s === null ? '-' : `${s.rating}${s.grade ? ` ${s.grade}` : ''}`);
  ctx.out(table(['player', 'id', 'published', 'now'], diff.players.map((p) => [p.name, p.id, cell(p.before), cell(p.after)])));
};

/**
 * `ledger explain P --rules S`: the player's tournaments rated under S (as recorded), in the system's own terms;
 * `ruleSet` undefined: under every non-FESA rule set that rated him (`explain P` of a player FESA never rated).
 */
export const explainUnderRuleSet = async (ctx: CliContext, playerId: string, ruleSet: GenericRuleSetId | undefined, tournamentId: string | undefined): Promise<void> => {
  const [store, storage] = [await ctx.store(), await ctx.checkpoints()];
  const entry = entryOf(ctx, 'system');
  let all: GenericExplanation['data'];
  if (storage !== undefined && entry === 'system') {
    // the saved careers model (the player is known: the command resolved him)
    const saved = await readRuleSetCareer(store, storage, playerId, savedModelNotServed(ctx));
    if (saved.failure !== undefined) throw unratable(saved.failure);
    all = saved.explanation;
  } else {
    const folded = foldGeneric((await ratedListSlice(store, { ...(storage ? { storage } : {}) })).facts, { entry });
    if (E.isLeft(folded)) throw unratable(folded.left);
    // a registered player the fold holds nothing of has nothing explained, as in the saved model
    all = folded.right.players.has(playerId) ? explanationData(folded.right, playerId) : nothingExplained(playerId);
  }
  const explanation = ruleSet === undefined ? E.right(explanationOf(all, undefined, tournamentId)) : explainedUnder(all, ruleSet, tournamentId);
  if (E.isLeft(explanation)) throw new UsageError(explanation.left);
  ctx.out(ctx.json ? JSON.stringify(explanation.right.data, null, 2) : explanation.right.text);
};
