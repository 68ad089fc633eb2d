/**
 * The codecs of the API's answers, each the component of the document it names (codec-schema.ts `component`): the
 * document's schema of an answer is read off the codec whose type the route's value has.
 */
import type * as t from 'io-ts';
import { ProblemBody } from '../problems';
import { Career, Explanation, MergedId, RuleSetCareer, RuleSetExplanation } from './careers';
import { CrossTable, PlayerRecord, PlayersPage, RatedTournament, RatedTournamentUnder, TournamentsPage } from './directories';
import { CommandResult, Event, LoggedEvent, Officer, Player, PublicPlayer } from './ledger';
import { Diff, List, RuleSetList, RuleSetListDiff, RuleSetStanding, SideBySideDiff } from './lists';
import { Bulletin, PublishedLists } from './publications';
import { Approval, Preview, Receipt, Rejection, Submission, SubmissionList } from './submissions';
import { Appointment, EventPage, Health, NewToken, OfficerList, RouteList, Revocation, Verification } from './service';

export const ANSWER_COMPONENTS: readonly t.Mixed[] = [
  ProblemBody,
  ...[RouteList, Health, EventPage, Verification, Event, LoggedEvent],
  ...[PublicPlayer, Player, PlayersPage, PlayerRecord, Career, MergedId, RuleSetCareer, Explanation, RuleSetExplanation],
  ...[TournamentsPage, CrossTable, RatedTournament, RatedTournamentUnder],
  ...[List, RuleSetList, PublishedLists, Bulletin, Diff, RuleSetListDiff, SideBySideDiff, RuleSetStanding],
  ...[CommandResult, OfficerList, Officer, Appointment, Revocation, NewToken],
  ...[SubmissionList, Submission, Preview, Receipt, Approval, Rejection],
];
