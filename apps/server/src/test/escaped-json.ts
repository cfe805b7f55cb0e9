/**
 * JSON with every non-ASCII UTF-16 unit written as a `\uXXXX` escape, as some clients write it (Python's json.dumps):
 * the most bytes a body of those characters can take, for tests of body limits.
 */
export const escapedJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
