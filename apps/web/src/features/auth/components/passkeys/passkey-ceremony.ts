import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES } from '@accountry/shared/passkeys';
import { NETWORK_ERROR_MESSAGE } from '@accountry/shared/network-messages';

/** Whether this browser has WebAuthn at all; checked without loading the library, so a page can decide what to show. */
export const canUsePasskeys = () =>
  typeof window !== 'undefined' &&
  typeof window.PublicKeyCredential === 'function' &&
  typeof navigator.credentials?.create === 'function';

/** The browser's side of a passkey request failed: canceled, already on the device, or not possible here. */
export class PasskeyBrowserError extends Error {
  constructor(
    readonly reason: 'canceled' | 'alreadyAdded' | 'unsupported' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

// The library loads when a passkey is first used (or about to be), not with the page.
let library: Promise<typeof import('@simplewebauthn/browser')> | undefined;
export const loadPasskeyLibrary = () => {
  library ??= import('@simplewebauthn/browser').catch((err: unknown) => {
    library = undefined; // The next try fetches it again.
    throw err;
  });
  return library;
};

async function ceremony<T>(run: (lib: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  let lib: typeof import('@simplewebauthn/browser');
  try {
    lib = await loadPasskeyLibrary();
  } catch {
    throw new PasskeyBrowserError('failed', NETWORK_ERROR_MESSAGE);
  }
  if (!lib.browserSupportsWebAuthn()) throw new PasskeyBrowserError('unsupported', PASSKEY_MESSAGES.unsupported);
  try {
    return await run(lib);
  } catch (err) {
    throw asBrowserError(err);
  }
}

/** The browser's errors in our words (WebAuthnError keeps the DOMException's name). */
function asBrowserError(err: unknown): PasskeyBrowserError {
  const name = err instanceof Error ? err.name : '';
  // A second request aborts the first (AbortError); a closed prompt, a timeout or no usable passkey is NotAllowedError.
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new PasskeyBrowserError('canceled', PASSKEY_MESSAGES.canceled);
  // Registration refuses a device that already holds one of the account's passkeys (the server lists them).
  if (name === 'InvalidStateError') return new PasskeyBrowserError('alreadyAdded', PASSKEY_MESSAGES.alreadyAdded);
  if (name === 'NotSupportedError') return new PasskeyBrowserError('unsupported', PASSKEY_MESSAGES.unsupported);
  return new PasskeyBrowserError('failed', PASSKEY_MESSAGES.notVerified);
}

/** Creates a passkey on this device (or a phone, a security key) from the server's options. */
export const createPasskey = (options: Record<string, unknown>): Promise<RegistrationResponseJSON> =>
  ceremony((lib) =>
    lib.startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );

/** Asks the browser for any of this site's passkeys, the person choosing which, and signs the server's challenge. */
export const getPasskey = (options: Record<string, unknown>): Promise<AuthenticationResponseJSON> =>
  ceremony((lib) =>
    lib.startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  );

type SignalUnknown = (o: { rpId: string; credentialId: string }) => Promise<void>;

/** The WebAuthn signal API (where the browser has it): the site no longer knows this passkey. */
export function signalUnknownPasskey(rpId: unknown, credentialId: string) {
  const signal = (window.PublicKeyCredential as unknown as { signalUnknownCredential?: SignalUnknown } | undefined)
    ?.signalUnknownCredential;
  if (typeof rpId !== 'string' || typeof signal !== 'function') return;
  signal.call(window.PublicKeyCredential, { rpId, credentialId }).catch(() => undefined);
}

/** Stop a passkey request the browser is still showing (its prompt closes; the request fails as canceled). */
export function cancelPasskeyRequest() {
  void loadPasskeyLibrary()
    .then((lib) => lib.WebAuthnAbortService.cancelCeremony())
    .catch(() => undefined);
}
