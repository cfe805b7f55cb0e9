import { randomId } from '../../../lib/random-id';

/** A random id for a message, made on this device so a resend after a dropped connection is recognised by the server. */
export const newClientId = randomId;
