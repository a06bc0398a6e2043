/**
 * The popup's offer on a GitHub profile page, in words. Its own file, apart from `find.ts`: the popup carries these
 * words alone, not those of the side panel's find.
 */
export const FIND_ON_GITHUB = {
  button: (handle: string) => `Find ${handle} on the candidate service`,
  note: 'Opens the side panel on a search by this GitHub profile: 1 credit if found, nothing if not, and only when you click Find there.',
} as const;
