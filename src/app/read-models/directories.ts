import type { EventStore } from '../ports/event-store';
import { LiveReadModel, type CaughtUpQueries } from '../read-model';
import { PLAYER_DIRECTORY, type PlayerDirectory } from './player-directory';
import { TOURNAMENT_DIRECTORY, type TournamentDirectory } from './tournament-directory';

/** The directories at one position of the log. */
export interface DirectoriesNow {
  readonly tournaments: TournamentDirectory;
  readonly players: PlayerDirectory;
  readonly position: number;
}

/**
 * The tournament and player directories a reader (the server's pages and routes) keeps up with the log, instead of
 * the deciders' state: each reads only the few fact types it handles, so a catch-up after a burst of game reports
 * reads none of the players' facts and no game's content.
 */
export class Directories {
  private readonly tournaments: CaughtUpQueries<TournamentDirectory>;
  private readonly players: CaughtUpQueries<PlayerDirectory>;

  constructor(private readonly store: EventStore) {
    this.tournaments = new LiveReadModel(TOURNAMENT_DIRECTORY, store);
    this.players = new LiveReadModel(PLAYER_DIRECTORY, store);
  }

  /** Both directories at the head of the log as it is now (or at `upTo`), at the same position. */
  async caughtUp(upTo?: number): Promise<DirectoriesNow> {
    const head = upTo ?? (await this.store.headPosition());
    const [tournaments, players] = await Promise.all([this.tournaments.caughtUp(head), this.players.caughtUp(head)]);
    return { tournaments: tournaments.queries, players: players.queries, position: Math.max(tournaments.position, players.position) };
  }
}
