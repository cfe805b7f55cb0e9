/**
 * Spec section 8's network-failure message, on its own: the web app's API client shows it on every page, and a page
 * importing it from auth-messages.ts would carry every auth message the sign-in and profile pages use.
 */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection and try again.';
/** A file whose reply broke off part way: nothing was saved. */
export const DOWNLOAD_BROKE_OFF_MESSAGE = 'The download stopped before it finished, so no file was saved. Try again.';

/**
 * A failed reply without the API's error body: a proxy's or load balancer's page while the server is down, restarting
 * or overloaded (502, 503, 504), or some other page in front of the server.
 */
export const unexpectedReplyMessage = (status: number) =>
  status === 502 || status === 503 || status === 504
    ? 'Accountry is not answering right now. Please try again in a minute.'
    : status === 413
      ? 'That is too large to send.'
      : `Something went wrong on our side (error ${status}). Please try again.`;
