/** A random id for a message, made on this device so a resend after a dropped connection is recognised by the server. */
export function newClientId(): string {
  // getRandomValues works on plain http too, unlike crypto.randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
