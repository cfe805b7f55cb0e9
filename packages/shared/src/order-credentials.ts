import { z } from 'zod';
import { ORDER_MESSAGES as M } from './order-messages';
import { plainText } from './plain-text';

/** Characters each credentials field holds. */
export const CREDENTIAL_FIELD_MAX = 2000;
const credentialField = z.string().max(CREDENTIAL_FIELD_MAX, M.credentialsTooLong).optional().default('');
// The notes are words for the buyer; the other fields are secrets handed over exactly as typed.
const credentialNotes = z
  .string()
  .overwrite(plainText)
  .max(CREDENTIAL_FIELD_MAX, M.credentialsTooLong)
  .optional()
  .default('');
/** What the seller hands over; every field optional but at least one filled in. */
export const credentialsSchema = z
  .strictObject({
    login: credentialField,
    password: credentialField,
    emailAccess: credentialField,
    recoveryCodes: credentialField,
    notes: credentialNotes,
  })
  .refine((c) => Object.values(c).some((v) => v.trim() !== ''), { message: M.credentialsRequired });
export type Credentials = z.infer<typeof credentialsSchema>;
export type CredentialsInput = z.input<typeof credentialsSchema>;

export const deliverOrderSchema = z.strictObject({ credentials: credentialsSchema });
/** A correction hands over the whole set again, as a delivery does. */
export const correctCredentialsSchema = deliverOrderSchema;

/** The credentials as the buyer (or an admin) reveals them. */
export const revealedCredentialsSchema = z.object({
  login: z.string(),
  password: z.string(),
  emailAccess: z.string(),
  recoveryCodes: z.string(),
  notes: z.string(),
});
