/**
 * Size limits of what the extension's pages may send the background (the search body's own limits are `LIMITS` in
 * the contract). Apart from the zod schemas that apply them, so a page can say the same limit while the user types
 * without carrying those schemas.
 */
export const MESSAGE_LIMITS = {
  /** A pasted profile URL (LinkedIn's own are well under 200 characters; tracking parameters make them longer). */
  profileUrl: 2000,
  candidateId: 200,
  /** A name, title or employer shown as a hint. */
  hint: 300,
  /** A saved search's name (the form allows 80 after trimming; spaces around it are trimmed). */
  searchName: 200,
  baseUrl: 2000,
  apiKey: 500,
  savedSearchId: 100,
  /** An email address, a name or a company domain to find a person by (each well under this once checked). */
  findText: 1000,
  /** A selected text sent to search: the longest a job description can be, with room for spaces trimmed later. */
  selection: 50_000,
  /** The user's note on data flagged wrong ("bounced on 2 Dec"): a sentence or two. */
  flagNote: 500,
} as const;
