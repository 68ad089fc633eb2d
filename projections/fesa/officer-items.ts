import * as E from 'fp-ts/Either';
import type { LoggedEvent, OpeningBalanceImported } from '../../domain/events';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { nameKey, type OfficerFact, type TimelineItem } from './history';
import { decodeOpeningGroup, gradeOrder, matchesFilter, openingPlayerIds, parseGrade, reconciledList } from './list-records';
import { recordKey, type ListState } from './list-state';
import type { RegisteredNames } from './registered-names';

/** A timeline item an officer decided, not a tournament. */
export type OfficerItem = Exclude<TimelineItem, { kind: 'tournament' }>;

/**
 * Applies an officer's fact to the list: an opening balance puts its players first, a reconciliation pins ratings,
 * an adjustment sets or moves ratings, a grade award raises a grade. Returns what the fact did (for explanations), or
 * the fold's error message (the list is unchanged then).
 */
export const applyOfficerItem = (state: ListState, item: OfficerItem, registered: RegisteredNames): E.Either<string, OfficerFact> => {
  const survivorOf = registered.survivorOf ?? ((id: string) => id);
  switch (item.kind) {
    case 'opening': {
      const group = registered.survivorOf === undefined ? openingGroupOf(item.group, registered) : decodeOpeningGroup(item.group, (id) => registered.byId.get(id), survivorOf);
      if (E.isLeft(group)) return group;
      const ordered = group.right;
      const replaced = new Set(ordered.map((o) => recordKey(o.player)));
      state.reset([...ordered.map((o) => o.player), ...state.order().filter((p) => !replaced.has(recordKey(p)))]);
      return E.right({ date: item.date, kind: 'opening-balance', playerIds: openingPlayerIds(item.group, survivorOf), event: item.group[0]!.event });
    }
    case 'reconcile':
      state.reset(reconciledList(state.order(), item.event, (id) => registered.byId.get(id)));
      return E.right({ date: item.date, kind: 'reconcile', playerIds: item.event.pins.map((p) => survivorOf(p.playerId)), event: item.event });
    case 'adjustment': {
      const { target, change } = item.event;
      const affected: string[] = [];
      state.reset(
        state.order().map((p) => {
          const id = registered.idOf(p);
          const hit = target.kind === 'player' ? id === survivorOf(target.playerId) : matchesFilter(p, id, target.filter, item.date, survivorOf);
          if (!hit) return p;
          if (id) affected.push(id);
          return { ...p, eloNumber: change.kind === 'set' ? change.rating : p.eloNumber + change.by };
        }),
      );
      return E.right({ date: item.date, kind: 'adjustment', playerIds: affected, event: item.event });
    }
    case 'award': {
      const playerId = survivorOf(item.event.playerId);
      const [level, name] = parseGrade(item.event.grade);
      const awarded = registered.byId.get(playerId);
      if (awarded && registered.idOf(awarded) === playerId) {
        for (const e of state.named(nameKey(awarded))) {
          if (gradeOrder(level, name) > gradeOrder(e.record.gradeLevel, e.record.gradeName)) state.update(e.slot, { ...e.record, gradeLevel: level, gradeName: name });
        }
      }
      return E.right({ date: item.date, kind: 'grade-award', playerIds: [playerId], event: item.event });
    }
  }
};

/**
 * An opening item applied again after its group grew, when the list is still just the `members` records it put
 * first and every balance that joined sorts after them: the new records appended, costing the new balances instead
 * of the whole list (an import of n balances arrives fact by fact and the list read model folds each apart: n²/2
 * records otherwise). Undefined when that is not the case, or the group does not decode: the caller applies the item
 * again from the list before it (`applyOfficerItem`), which also reports the error.
 */
export const extendOpening = (state: ListState, item: OfficerItem & { kind: 'opening' }, registered: RegisteredNames, members: number): E.Either<string, OfficerFact> | undefined => {
  if (registered.survivorOf !== undefined || members === 0 || state.size !== members) return undefined;
  const group = openingGroupOf(item.group, registered);
  if (E.isLeft(group) || group.right.length <= members) return undefined;
  // the decoded members keep their records while the names are unchanged, so the member before the new ones is
  // the list's last record exactly when every new one sorted after all of them
  if (state.explicitTail() !== group.right[members - 1]!.player) return undefined;
  if (!state.appendExplicit(group.right.slice(members).map((m) => m.player))) return undefined;
  return E.right({ date: item.date, kind: 'opening-balance', playerIds: openingPlayerIds(item.group, (id) => id), event: item.group[0]!.event });
};

interface DecodedMember {
  readonly id: string;
  /** The registration's name it was decoded under (the same object while the registration is unchanged). */
  readonly name: object | undefined;
  readonly player: FesaPlayer;
  readonly listIndex: number;
}

/** Opening groups decoded so far, by group (a group only grows: an import's balances join it one by one). */
const decodedGroups = new WeakMap<readonly LoggedEvent[], { length: number; members: DecodedMember[] }>();

/**
 * `decodeOpeningGroup` while no merge is in force, decoding only the balances that joined the group since it was last
 * decoded under the same names: the list read model folds each balance of an import apart (list-model.ts), which
 * would otherwise decode an import of n balances n²/2 times.
 */
const openingGroupOf = (group: readonly LoggedEvent[], registered: RegisteredNames): ReturnType<typeof decodeOpeningGroup> => {
  const known = decodedGroups.get(group);
  const usable = known !== undefined && known.length <= group.length && known.members.every((m) => registered.byId.get(m.id) === m.name);
  const members = usable ? known.members.slice() : [];
  for (let at = usable ? known.length : 0; at < group.length; at++) {
    const fact = group[at]!;
    const one = decodeOpeningGroup([fact], (id) => registered.byId.get(id));
    if (E.isLeft(one)) return one;
    const id = (fact.event as OpeningBalanceImported).playerId;
    const member: DecodedMember = { id, name: registered.byId.get(id), ...one.right[0]! };
    if (!usable) {
      members.push(member);
      continue;
    }
    // after every member of an equal or lower index: where the stable sort of the whole group puts it
    let lo = 0;
    let hi = members.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (members[mid]!.listIndex <= member.listIndex) lo = mid + 1;
      else hi = mid;
    }
    members.splice(lo, 0, member);
  }
  if (!usable) members.sort((a, b) => a.listIndex - b.listIndex);
  decodedGroups.set(group, { length: group.length, members });
  return E.right(members.map(({ player, listIndex }) => ({ player, listIndex })));
};
