/** 32 random hex characters, made on this device (getRandomValues works on plain http too, unlike crypto.randomUUID). */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
