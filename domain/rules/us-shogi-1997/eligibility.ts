import { Game, Handicap } from '../elo-common/game';

/**
 * The US time-control rule (seed 001: "No game may be rated at a time limit faster than 20 minutes plus 30 seconds
 * byoyomi or 40 minutes without byoyomi per side (10 minutes with 30 seconds delay or increment per move is also
 * acceptable)"). Also the pan-atlantic rule for region america. No timeControl = already checked by the officer.
 */
export const usTimeControlRatable = (g: Game): boolean => {
  const t = g.timeControl;
  if (t === undefined) return true;
  return t.main >= 40 || (t.main >= 20 && t.byoyomi >= 30) || (t.main >= 10 && t.increment >= 30);
};

/** The receiver of a handicap (the player who is not the giver); undefined for an even game. */
export const handicapReceiver = (g: Game): string | undefined => {
  const h: Handicap | undefined = g.handicap;
  if (h === undefined || h.type === 'even' || h.giver === undefined) return undefined;
  return h.giver === g.a ? g.b : g.a;
};

/** The handicap value added to `player`'s rating in game g (0 unless he receives). */
export const handicapBonus = (g: Game, player: string, value: number): number =>
  handicapReceiver(g) === player ? value : 0;
