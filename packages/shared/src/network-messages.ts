/**
 * Spec section 8's network-failure message, on its own: the web app's API client shows it on every page, and a page
 * importing it from auth-messages.ts would carry every auth message the sign-in and profile pages use.
 */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection and try again.';
