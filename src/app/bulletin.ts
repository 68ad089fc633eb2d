/**
 * The monthly bulletin players read with a published list: who is new, whose grade changed, the biggest gains and
 * losses and the corrections since the previous publication of the same rule set. One function, for the CLI's
 * `list bulletin` and the HTTP page and JSON alike.
 */
import type { LoggedEvent, RatingListPublished } from '../../domain/events';
import { evolveAuditTrail, initialAuditTrail, type GameAmendment } from '../../projections/audit-trail';
import type { ListPrinter } from './ports/list-printer';
import { publishedRows, type PublishedRow } from './published-rows';

/** How many of the biggest gains and losses a bulletin names. */
export const BULLETIN_MOVERS = 10;

export interface BulletinPlayer {
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly grade: string | null;
}

export interface BulletinChange {
  readonly playerId: string;
  readonly name: string;
  readonly before: number;
  readonly after: number;
  readonly change: number;
}

export interface BulletinGrade {
  readonly playerId: string;
  readonly name: string;
  readonly from: string | null;
  readonly to: string | null;
}

export interface BulletinCorrection extends GameAmendment {
  readonly tournamentName: string;
}

export interface Bulletin {
  readonly listId: string;
  readonly asOf: string;
  readonly ruleSet: string;
  /** The publication of the same rule set recorded before it; null for the first one (every player is new). */
  readonly previous: { readonly listId: string; readonly asOf: string } | null;
  readonly newPlayers: readonly BulletinPlayer[];
  /** Grades that changed between the two lists (promotions, and an officer's demotion should there be one). */
  readonly grades: readonly BulletinGrade[];
  readonly gains: readonly BulletinChange[];
  readonly losses: readonly BulletinChange[];
  /** Games corrected or withdrawn between the two publications (recorded after the previous one, up to this one). */
  readonly corrections: readonly BulletinCorrection[];
}

const publicationsOf = (facts: readonly LoggedEvent[]): { event: RatingListPublished; position: number }[] =>
  facts.flatMap((f) => (f.event.type === 'RatingListPublished' ? [{ event: f.event, position: f.globalPosition }] : []));

/** No grade reads the same in every format ('-' in the FESA list, absent under a rule set without grades). */
const gradeOf = (r: PublishedRow): string | null => (r.grade === null || r.grade === '-' ? null : r.grade);

/** The bulletin of the published list `listId`, from both lists exactly as they were published. */
export const bulletin = (printer: ListPrinter, facts: readonly LoggedEvent[], listId: string, movers = BULLETIN_MOVERS): Bulletin => {
  const now = publishedRows(printer, facts, listId);
  const before = publicationsOf(facts).filter((p) => p.position < now.position && p.event.ruleSet === now.event.ruleSet).pop();
  const previousRows = before === undefined ? [] : publishedRows(printer, facts, before.event.listId).rows;
  const was = new Map(previousRows.map((r) => [r.playerId, r]));
  const newPlayers = now.rows.filter((r) => !was.has(r.playerId)).map((r) => ({ playerId: r.playerId, name: r.name, rating: r.rating, grade: gradeOf(r) }));
  const stayed = now.rows.flatMap((r) => {
    const old = was.get(r.playerId);
    return old === undefined ? [] : [{ now: r, old }];
  });
  const grades = stayed.filter(({ now: r, old }) => gradeOf(r) !== gradeOf(old)).map(({ now: r, old }) => ({ playerId: r.playerId, name: r.name, from: gradeOf(old), to: gradeOf(r) }));
  const changes = stayed.map(({ now: r, old }) => ({ playerId: r.playerId, name: r.name, before: old.rating, after: r.rating, change: r.rating - old.rating }));
  const gains = changes.filter((c) => c.change > 0).sort((a, b) => b.change - a.change).slice(0, movers);
  const losses = changes.filter((c) => c.change < 0).sort((a, b) => a.change - b.change).slice(0, movers);
  const trail = initialAuditTrail();
  for (const f of facts) if (f.globalPosition > (before?.position ?? 0) && f.globalPosition < now.position) evolveAuditTrail(trail, f);
  const tournamentName = new Map<string, string>(facts.flatMap((f) => (f.event.type === 'TournamentRegistered' ? [[f.event.tournamentId, f.event.name] as const] : [])));
  const corrections = [...trail.amendments.values()].flat().sort((a, b) => a.position - b.position).map((a) => ({ ...a, tournamentName: tournamentName.get(a.tournamentId) ?? a.tournamentId }));
  return {
    listId,
    asOf: now.event.asOf,
    ruleSet: now.event.ruleSet,
    previous: before === undefined ? null : { listId: before.event.listId, asOf: before.event.asOf },
    newPlayers,
    grades,
    gains,
    losses,
    corrections,
  };
};
