import * as E from 'fp-ts/Either';
import { decodeOpeningGroup, openingPlayerIds, gradeOrder, matchesFilter, nameKey, parseGrade, reconciledList, type OfficerFact, type TimelineItem } from './history';
import type { ListState } from './list-state';
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
      const group = decodeOpeningGroup(item.group, (id) => registered.byId.get(id), survivorOf);
      if (E.isLeft(group)) return group;
      const ordered = group.right;
      const replaced = new Set(ordered.map((o) => nameKey(o.player)));
      state.reset([...ordered.map((o) => o.player), ...state.order().filter((p) => !replaced.has(nameKey(p)))]);
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
