import type { TournamentRegistered } from '../../../domain/events';
import type { Ledger } from '../../app/ledger';
import { matchesSearch, pageOf, pagingOf } from './paging';

/** One tournament as the index shows it. */
export interface TournamentEntry {
  readonly registration: TournamentRegistered;
  /** Games reported and not withdrawn. */
  readonly games: number;
  /** Every game reported, withdrawn ones too (the JSON's `games`, as it always counted). */
  readonly reported: number;
  readonly closed: string | null;
}

/**
 * Every tournament newest first (by end date, then start date, then id), searchable by name or id, a page of 100
 * at a time: the tournaments page and `GET /tournaments` read the same pages. The order is kept until the log moves,
 * and games are counted only for the page shown, so a page costs the same at 20,000 tournaments as at 20.
 */
export class TournamentIndex {
  private sorted: { position: number; registrations: TournamentRegistered[] } | undefined;

  constructor(private readonly ledger: Ledger) {}

  async page(search: string, page: number) {
    const state = await this.ledger.catchUp();
    if (this.sorted?.position !== state.position) {
      const registrations = [...state.tournaments.values()].map((t) => t.registration);
      registrations.sort((a, b) => (a.endDate !== b.endDate ? (a.endDate < b.endDate ? 1 : -1) : a.startDate !== b.startDate ? (a.startDate < b.startDate ? 1 : -1) : a.tournamentId < b.tournamentId ? -1 : 1));
      this.sorted = { position: state.position, registrations };
    }
    const all = this.sorted.registrations;
    const matching = search === '' ? all : all.filter((r) => matchesSearch(`${r.name} ${r.tournamentId}`, search));
    const paged = pageOf(matching, page);
    const shown: TournamentEntry[] = paged.shown.map((registration) => {
      const t = state.tournaments.get(registration.tournamentId)!;
      let games = 0;
      for (const g of t.games.values()) if (!g.withdrawn) games++;
      return { registration, games, reported: t.games.size, closed: t.closed?.validDate ?? null };
    });
    return { shown, paging: { ...pagingOf(paged), total: all.length }, position: state.position };
  }
}
