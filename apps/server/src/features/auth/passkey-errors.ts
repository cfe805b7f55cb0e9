import { PASSKEY_ERROR_CODES as C, PASSKEY_MESSAGES as M } from '@accountry/shared/passkeys';
import { AppError } from '../../lib/app-error';

/** The passkey errors (decision 171), each with the code the client acts on. */
export const passkeyErrors = {
  expired: () => new AppError(400, C.expired, M.expired),
  notVerified: () => new AppError(400, C.notVerified, M.notVerified),
  unknown: () => new AppError(401, C.unknown, M.unknown),
  alreadyAdded: () => new AppError(409, C.alreadyAdded, M.alreadyAdded),
  tooMany: () => new AppError(409, C.tooMany, M.tooMany),
};
