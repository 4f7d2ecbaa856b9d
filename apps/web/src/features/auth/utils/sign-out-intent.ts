/**
 * Set from the moment the user asks to sign out until someone signs in again. While it is set,
 * RequireAuth sends a signed-out visitor to /login without remembering the page: after "Logout"
 * the next sign-in starts at /feed, not on the page that was open (React keeps that page on screen
 * while the login page loads, and its guard sees the session end first).
 */
let signingOut = false;

export const signOutIntent = {
  start(): void {
    signingOut = true;
  },
  end(): void {
    signingOut = false;
  },
  get active(): boolean {
    return signingOut;
  },
};
