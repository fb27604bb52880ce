/** Where the back office sends a browser without a live session. */
export const SIGN_IN_PATH = "/admin/login";
