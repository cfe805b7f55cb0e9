import { z } from 'zod';
import { identityProofSchema } from './two-factor';
import { tryAgainIn } from './try-again';

/** A member downloads a copy of the data kept about them (decision 179). */
export const DATA_EXPORT_FORMAT = 'accountry-data-export/1';
/** Downloads a member may make in DATA_EXPORT_WINDOW_HOURS: each reads every row of theirs. */
export const DATA_EXPORTS_PER_WINDOW = 5;
export const DATA_EXPORT_WINDOW_HOURS = 24;

/** POST /api/profile/data-export: confirmed like a change that could take the account (decision 172). */
export const dataExportInputSchema = identityProofSchema;
export type DataExportInput = z.input<typeof dataExportInputSchema>;

/** The file's name: the site and the day, so several downloads sort by date. */
export const dataExportFileName = (now: number) => `accountry-data-${new Date(now).toISOString().slice(0, 10)}.json`;

/** What the file holds, as the profile page lists it before the download. */
export const DATA_EXPORT_CONTENTS = [
  'Your account: email address, name, phone number, role, sign-in settings and signed-in devices',
  'Your security activity of the last year',
  'Your listings with links to their photos, your favorites and saved searches',
  'Your chats, with every message and attachment link',
  'Your orders, bought and sold, with their history and disputes, and the offers you made and received',
  'Reviews you wrote and received, your wallet entries and payouts',
  'Reports and feedback you sent, and the members you blocked',
] as const;

/** What it leaves out, and why, in the file itself and on the page. */
export const DATA_EXPORT_LEFT_OUT = [
  'Account credentials handed over in orders: open the order to read them while they are kept.',
  'Full payout account numbers: only their summary, as the wallet shows it.',
  'Your password, two-factor key and recovery codes: they would let someone sign in as you, so they never leave ' +
    'our servers.',
] as const;

export const DATA_EXPORT_MESSAGES = {
  tooMany: (waitMs: number) =>
    `You can download your data ${DATA_EXPORTS_PER_WINDOW} times in ${DATA_EXPORT_WINDOW_HOURS} hours. ` +
    tryAgainIn(waitMs),
  done: (fileName: string) => `Your data is ready: your browser saves it as ${fileName}.`,
} as const;
