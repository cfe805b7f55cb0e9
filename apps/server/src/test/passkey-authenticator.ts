import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** The parts of generateRegistrationOptions' output a browser reads. */
export interface CreationOptionsLike {
  challenge: string;
  rp?: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}

/** The parts of generateAuthenticationOptions' output a browser reads. */
export interface RequestOptionsLike {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** Tampering for attack tests: each field replaces what an honest browser and authenticator would send. */
export interface CeremonyOverrides {
  origin?: string;
  /** Only the rpIdHash in authenticator data; the credential is still looked up and stored under the real rpId. */
  rpId?: string;
  type?: string;
  challenge?: string;
  userVerified?: boolean;
  userPresent?: boolean;
  /** Sign count written into authenticator data, leaving the stored counter alone. */
  counter?: number;
}

export interface RegisterOverrides extends CeremonyOverrides {
  /** A counter that goes up on each use, like a security key; synced passkeys always report 0. */
  counting?: boolean;
  /** The credential id's bytes, instead of 32 random ones (a malformed or another's id). */
  rawId?: Buffer;
}

export interface AuthenticateOverrides extends CeremonyOverrides {
  credentialId?: string;
  /** base64url user handle to send instead of the stored one, or null to send none. */
  userHandle?: string | null;
  /** Id of another held credential whose private key signs the assertion. */
  signWith?: string;
}

export interface HeldCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
  counting: boolean;
}

// The argument type of the library's CBOR encoder (tiny-cbor's CBORType).
type Cbor = Parameters<typeof isoCBOR.encode>[0];

// Authenticator data flag bits: user present, user verified, backup eligible, backed up, attested credential data.
const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 };

// Browsers reject with DOMExceptions; tests match on the name, as client code does.
function domError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** A platform authenticator plus the browser glue around it, holding synced (backed-up) ES256 passkeys. */
export class TestAuthenticator {
  readonly origin: string;
  readonly rpId: string;
  private readonly credentials: HeldCredential[] = [];

  constructor({ origin, rpId }: { origin: string; rpId: string }) {
    this.origin = origin;
    this.rpId = rpId;
  }

  /** Ids of the credentials held for an rpId (this authenticator's by default), oldest first. */
  credentialIds(rpId = this.rpId): string[] {
    return this.credentials.filter((c) => c.rpId === rpId).map((c) => c.id);
  }

  credential(id: string): HeldCredential {
    const found = this.credentials.find((c) => c.id === id);
    if (!found) throw new Error(`No credential ${id} on this authenticator`);
    return found;
  }

  /** navigator.credentials.create() as @simplewebauthn/browser's startRegistration returns it. */
  register(options: CreationOptionsLike, overrides: RegisterOverrides = {}): RegistrationResponseJSON {
    const rpId = this.checkedRpId(options.rp?.id);
    const held = new Set(this.credentials.map((c) => c.id));
    if (options.excludeCredentials?.some((c) => held.has(c.id))) {
      throw domError('InvalidStateError', 'The authenticator already holds one of the excluded credentials');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = overrides.rawId ?? randomBytes(32);
    const credential: HeldCredential = {
      id: b64url(rawId),
      rpId,
      userHandle: options.user.id,
      privateKey,
      counter: 0,
      counting: overrides.counting ?? false,
    };
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key for ES256 in CTAP2 canonical order: kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, coseKey]);
    const authData = this.authData(rpId, FLAG.AT, overrides.counter ?? 0, overrides, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, overrides);
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /** navigator.credentials.get() as @simplewebauthn/browser's startAuthentication returns it. */
  authenticate(options: RequestOptionsLike, overrides: AuthenticateOverrides = {}): AuthenticationResponseJSON {
    const rpId = this.checkedRpId(options.rpId);
    const credential = this.pick(rpId, options.allowCredentials ?? [], overrides.credentialId);
    const signer = overrides.signWith ? this.credential(overrides.signWith) : credential;
    if (overrides.counter === undefined && credential.counting) credential.counter += 1;
    const authData = this.authData(rpId, 0, overrides.counter ?? credential.counter, overrides);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides);
    // ES256 assertions are DER-encoded ECDSA over authenticatorData || SHA-256(clientDataJSON).
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(signer.privateKey);
    const userHandle = overrides.userHandle === undefined ? credential.userHandle : overrides.userHandle;
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
    };
  }

  // Browsers refuse an rp id that is neither the origin's host nor a parent domain of it.
  private checkedRpId(requested: string | undefined): string {
    const rpId = requested ?? this.rpId;
    const host = new URL(this.origin).hostname;
    if (host !== rpId && !host.endsWith(`.${rpId}`)) {
      throw domError('SecurityError', `RP ID ${rpId} is not valid for origin ${this.origin}`);
    }
    return rpId;
  }

  private pick(rpId: string, allow: { id: string }[], wanted: string | undefined): HeldCredential {
    if (wanted) return this.credential(wanted);
    const usable = this.credentials.filter(
      (c) => c.rpId === rpId && (!allow.length || allow.some((a) => a.id === c.id)),
    );
    // The newest matching credential stands in for the one the user would choose in the account picker.
    const chosen = usable.at(-1);
    if (!chosen) throw domError('NotAllowedError', `No credential for ${rpId} on this authenticator`);
    return chosen;
  }

  private clientData(type: string, challenge: string, overrides: CeremonyOverrides): Buffer {
    const data = {
      type: overrides.type ?? type,
      challenge: overrides.challenge ?? challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    };
    return Buffer.from(JSON.stringify(data));
  }

  private authData(rpId: string, extra: number, counter: number, overrides: CeremonyOverrides, tail?: Buffer): Buffer {
    let flags = FLAG.UP | FLAG.UV | FLAG.BE | FLAG.BS | extra;
    if (overrides.userPresent === false) flags &= ~FLAG.UP;
    if (overrides.userVerified === false) flags &= ~FLAG.UV;
    const head = Buffer.alloc(37);
    sha256(overrides.rpId ?? rpId).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(counter, 33);
    return tail ? Buffer.concat([head, tail]) : head;
  }
}
