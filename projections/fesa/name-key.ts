/** The key a FESA list knows a player by: family and given name (the program has no ids). */
export const nameKey = (p: { lastName: string; firstName: string }): string => `${p.lastName}\u0000${p.firstName}`;
