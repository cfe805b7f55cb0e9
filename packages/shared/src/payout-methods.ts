import { z } from 'zod';
import { emailSchema, passwordSchema } from './account-rules';
import { codeIfOnSchema, identityProofSchema } from './two-factor';

/**
 * Where a member's payouts are sent (decision 173): PayPal, a bank account in the US, or one with an IBAN. The details
 * are sealed at rest; members and admins see a summary, and admins the details of a payout they are to send.
 */
export const PAYOUT_METHOD_ROUTE = '/api/wallet/payout-method';

/**
 * Payouts wait this long after the details, the email address or the password are set or changed, so the owner hears
 * of a change in time to stop it (a stolen session could otherwise move the mail about it to another address first).
 */
export const PAYOUT_DETAILS_HOLD_HOURS = 48;

export const PAYOUT_METHOD_KINDS = ['paypal', 'us_bank', 'iban'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethodKind, string> = {
  paypal: 'PayPal',
  us_bank: 'Bank account in the US',
  iban: 'Bank account with an IBAN',
};

export const PAYOUT_METHOD_MESSAGES = {
  holder: "Enter the account holder's name, 2 to 100 characters, as the bank has it.",
  routingNumber: 'Enter a valid 9-digit routing number.',
  accountNumber: 'Enter the account number: 4 to 17 digits.',
  iban: 'Enter a valid IBAN, such as DE89 3704 0044 0532 0130 00.',
  missing: 'Add your payout details first, so we know where to send the money.',
  onHold: `For your safety, payouts wait ${PAYOUT_DETAILS_HOLD_HOURS} hours after your payout details, email address or password change.`,
  saved: 'Your payout details were saved.',
  removed: 'Your payout details were removed.',
  noneToRemove: 'You have no payout details to remove.',
} as const;
const M = PAYOUT_METHOD_MESSAGES;

/** The mod-97 check of ISO 13616: letters count as 10 to 35, the country and check digits moved to the end. */
export function isValidIban(iban: string) {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** The ABA check: 3, 7 and 1 times the digits in turn add up to a multiple of 10. */
export function isValidRoutingNumber(n: string) {
  if (!/^\d{9}$/.test(n)) return false;
  const w = [3, 7, 1];
  return [...n].reduce((sum, d, i) => sum + Number(d) * w[i % 3], 0) % 10 === 0;
}

const compact = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();
// Control and format characters (zero-width, text direction) could make a name read as another to the admin paying.
const holderSchema = z
  .string({ error: M.holder })
  .trim()
  .min(2, M.holder)
  .max(100, M.holder)
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s) && (s.match(/\p{L}/gu)?.length ?? 0) >= 2, M.holder);

export const payoutDetailsSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('paypal'), email: emailSchema }),
  z.strictObject({
    kind: z.literal('us_bank'),
    holder: holderSchema,
    routingNumber: z
      .string({ error: M.routingNumber })
      .max(40, M.routingNumber)
      .transform(compact)
      .refine(isValidRoutingNumber, M.routingNumber),
    accountNumber: z
      .string({ error: M.accountNumber })
      .max(40, M.accountNumber)
      .transform(compact)
      .refine((s) => /^\d{4,17}$/.test(s), M.accountNumber),
  }),
  z.strictObject({
    kind: z.literal('iban'),
    holder: holderSchema,
    iban: z.string({ error: M.iban }).max(60, M.iban).transform(compact).refine(isValidIban, M.iban),
  }),
]);
export type PayoutDetails = z.output<typeof payoutDetailsSchema>;
export type PayoutDetailsInput = z.input<typeof payoutDetailsSchema>;

/** PUT /api/wallet/payout-method: the details, the password and, with two-factor sign-in on, a code (decision 172). */
export const payoutMethodInputSchema = z.strictObject({
  details: payoutDetailsSchema,
  password: passwordSchema,
  code: codeIfOnSchema,
});
export type PayoutMethodInput = z.input<typeof payoutMethodInputSchema>;

/** DELETE /api/wallet/payout-method: the password and, with two-factor sign-in on, a code. */
export const payoutMethodRemoveSchema = identityProofSchema;
export type PayoutMethodRemoveInput = z.input<typeof payoutMethodRemoveSchema>;

/** What the member sees of the details: never the whole account number. */
export const payoutMethodSchema = z.object({
  kind: z.enum(PAYOUT_METHOD_KINDS),
  summary: z.string(),
  changedAt: z.number(),
  /** When payouts can be requested again after the change. */
  payoutsFrom: z.number(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
export const payoutMethodReplySchema = z.object({ method: payoutMethodSchema.nullable() });
export type PayoutMethodReply = z.infer<typeof payoutMethodReplySchema>;

const SUMMARY_PREFIXES = { paypal: 'PayPal', us_bank: 'US bank account', iban: 'IBAN' } as const;

/**
 * "PayPal j•••@e•••.com", "US bank account ending 6789", "IBAN DE… ending 3000": enough to tell one's own apart, never
 * a whole address (a personal domain names its owner) or most of a short account number.
 */
export function payoutSummary(d: PayoutDetails) {
  if (d.kind === 'paypal') {
    const [name, domain] = d.email.split('@');
    const dot = domain.lastIndexOf('.');
    return `${SUMMARY_PREFIXES.paypal} ${name.slice(0, 1)}•••@${domain.slice(0, 1)}•••${domain.slice(dot)}`;
  }
  if (d.kind === 'us_bank') {
    const shown = d.accountNumber.length > 6 ? 4 : 2;
    return `${SUMMARY_PREFIXES.us_bank} ending ${d.accountNumber.slice(-shown)}`;
  }
  return `${SUMMARY_PREFIXES.iban} ${d.iban.slice(0, 2)}… ending ${d.iban.slice(-4)}`;
}

/** What a summary keeps once the account's personal data is erased: the method alone. */
export const erasedSummary = (summary: string) =>
  Object.values(SUMMARY_PREFIXES).find((prefix) => summary.startsWith(prefix)) ?? '';

/** The details as an admin reads them to send a payout. */
export const payoutDetailLineSchema = z.object({ label: z.string(), value: z.string() });
export type PayoutDetailLine = z.infer<typeof payoutDetailLineSchema>;

export function payoutDetailLines(d: PayoutDetails): PayoutDetailLine[] {
  const method = { label: 'Method', value: PAYOUT_METHOD_LABELS[d.kind] };
  if (d.kind === 'paypal') return [method, { label: 'PayPal email', value: d.email }];
  const holder = { label: 'Account holder', value: d.holder };
  if (d.kind === 'us_bank')
    return [
      method,
      holder,
      { label: 'Routing number', value: d.routingNumber },
      { label: 'Account number', value: d.accountNumber },
    ];
  return [method, holder, { label: 'IBAN', value: d.iban.replace(/(.{4})(?=.)/g, '$1 ') }];
}
