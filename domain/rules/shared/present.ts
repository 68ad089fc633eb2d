/**
 * A player looked up in the rating state after the rule set's entry check (every game's players are in the state):
 * a miss here is a broken invariant of the fold, never bad input, so it throws instead of returning an error value
 * no caller could act on.
 */
export const playerIn = <P>(state: Readonly<Record<string, P>>, id: string): P => {
  const p = state[id];
  if (p === undefined) throw new Error(`player ${JSON.stringify(id)} is not in the rating state, though the event's players were checked`);
  return p;
};

/** An item at an index the fold made from the same array (parts, seats, pairings): a miss is a broken invariant. */
export const itemAt = <T>(items: readonly T[], i: number, what: string): T => {
  const item = items[i];
  if (item === undefined) throw new Error(`${what} index ${i} is outside 0..${items.length - 1}`);
  return item;
};
