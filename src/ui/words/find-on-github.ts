/**
 * The popup's offer on a GitHub profile page, in words. Its own file, apart from `find.ts`: the popup carries these
 * words alone, not those of the side panel's find.
 */
export const FIND_ON_GITHUB = {
  button: (handle: string) => `Find ${handle} on the candidate service`,
  note: 'Opens the search in the side panel: 1 credit if found, charged only when you click Find there.',
} as const;
