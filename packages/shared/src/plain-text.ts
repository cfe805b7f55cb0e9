/**
 * What never belongs in the free text members and admins write (listings, reviews, chat, disputes, reports, reasons,
 * notes, announcements, feedback, passkey names): control characters other than tab and line feed, C1 controls among
 * them, and the bidi embeddings, overrides and isolates that make text read as something else (a title ending
 * "only $5.0" shown right to left over another price).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const HIDDEN_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** One kind of line break and none of the hidden characters above. */
export const plainText = (s: string) => s.replace(/\r\n?/g, '\n').replace(HIDDEN_CHARACTERS, '');
