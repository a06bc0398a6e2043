/** How long a delete offers its Undo, in the library and in Options: long enough to see what went and change one's mind. */
export const UNDO_MS = 15_000;
