/** An email address in a sentence, in bold; a long one breaks anywhere rather than running out of its box (phones). */
export const EmailAddress = ({ email }: { email: string }) => (
  <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>
);
