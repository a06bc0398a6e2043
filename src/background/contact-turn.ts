/**
 * One lookup at a time per contact, so a double click can never pay twice for the same item. A bulk reveal takes
 * the same turn: a single reveal of a contact the bulk job is looking up waits for it, then finds the items held. A
 * flag, the team's flags and a job change seen take it too, so none is lost to a reveal's write. Its own module, so
 * the team's flags can take it without importing the lookup (which reads the team).
 */
import { type KeyedLock, keyedLock } from '../store/lock';

export const serialised: KeyedLock = keyedLock();
