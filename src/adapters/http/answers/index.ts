/**
 * The codecs of the API's answers, each the component of the document it names (codec-schema.ts `component`): the
 * document's schema of an answer is read off the codec whose type the route's value has.
 */
import type * as t from 'io-ts';
import { Career, Explanation, MergedId, RuleSetCareer } from './careers';
import { CommandResult, Event, LoggedEvent, Officer, Player, PublicPlayer } from './ledger';
import { Diff, List, RuleSetList, RuleSetListDiff, RuleSetStanding } from './lists';

export const ANSWER_COMPONENTS: readonly t.Mixed[] = [Event, PublicPlayer, Player, LoggedEvent, RuleSetList, RuleSetListDiff, RuleSetStanding, List, Diff, Career, MergedId, RuleSetCareer, Explanation, CommandResult, Officer];
