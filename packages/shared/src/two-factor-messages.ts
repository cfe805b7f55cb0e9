/** Two-factor sign-in's messages (decision 168); apart from its schemas so the sign-in messages can use them. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid:
    'That code is not right. Enter the code your authenticator app shows now, or a recovery code. If codes keep ' +
    'failing, check that your phone sets its time automatically.',
  setupCodeInvalid:
    'That code is not right. Enter the code the app shows now. If codes keep failing, check that your phone sets its ' +
    'time automatically.',
  locked: 'Too many wrong codes. Wait 15 minutes, then try again.',
  codeMissing: 'Enter the code.',
  codeTooLong: 'That is longer than any code.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  setupMissing: 'Start again: the key shown has expired or was replaced.',
  emailCodeMissing: 'Enter the 6-digit code we emailed you.',
  emailCodeInvalid: 'That is not the code we emailed. Enter the code from the latest email we sent you.',
  unavailable: 'Codes from authenticator apps cannot be checked right now. Use a recovery code, or try again later.',
  turnedOn: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  turnedOff: 'Two-factor sign-in is off.',
  newCodes: 'New recovery codes were made. The old ones no longer work.',
} as const;
