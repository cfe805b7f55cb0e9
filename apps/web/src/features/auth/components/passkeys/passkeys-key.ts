/** The query of the account's passkeys, refreshed by each dialog that changes them. */
export const PASSKEYS_KEY = ['passkeys'] as const;
