/**
 * The popup's parts loaded once its first screen is shown (`model.ts`'s `firstShown`): their code, and the reads
 * they start as they load, then never delay the person's contact. Each is last on screen or shown only in a state
 * reached later, so arriving moves nothing the user is about to click.
 */
import { lazy } from '../sidepanel/lazy';

/** The saved searches, under everything else: their module reads them as it loads. */
export const SavedSearchesLater = lazy(() =>
  import('./saved-searches').then((module) => module.SavedSearches),
);
