/**
 * Where services read the time, so rules that depend on it (expiry of links, reset tokens,
 * codes and reservations) can be tested at any instant. A function, as the area modules
 * already pass it (`clock: () => Date`); tests pass a clock they move by hand.
 */
export type Clock = () => Date;

/** The machine's time. */
export const systemClock: Clock = () => new Date();
