/**
 * A database the browser lost, in words: what happened, what is gone, and what comes back. Part of `src/ui/words/`.
 */

export const LOST_DATABASE = "The browser lost the extension's stored contacts (was the disk full?)";

/** What is gone, and what is not: the service still holds the balance, and a team's vault its contacts. */
export const LOST_DATABASE_DETAIL =
  "Contacts revealed here and what they cost are gone; your balance is not. Your team's contacts come back free when revealed again.";
