/** The query of whether two-factor sign-in is on, refreshed when it is turned on or off. */
export const TWO_FACTOR_KEY = ['two-factor'] as const;
