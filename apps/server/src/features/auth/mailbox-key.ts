/** Domains that are one Gmail mailbox, and read no dots in its name. */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address reaches, as far as the account mail limits can tell: the part after a "+" is a tag that nearly
 * every provider delivers to the untagged address, and Gmail ignores dots and answers at googlemail.com too. Counting
 * mail per inbox keeps a stranger from flooding one with forms of its address (the account keeps the address as
 * typed). Takes an address already trimmed and in lower case, as the schemas leave it.
 */
export function mailboxOf(email: string) {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).split('+')[0];
  let domain = email.slice(at + 1);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
