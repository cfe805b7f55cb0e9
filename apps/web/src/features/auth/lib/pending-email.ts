const KEY = 'accountry.pendingVerificationEmail';

/** The address waiting for verification, kept for this tab so /verification-sent can resend to it after a reload. */
export function rememberPendingEmail(email: string) {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Without storage the page asks for the address instead.
  }
}

export function pendingEmail(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
