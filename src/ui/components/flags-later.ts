/**
 * The flag's note and form (`flags.tsx`), loaded when a card first shows them: the popup, the panel and the library
 * open without carrying them. The item's strike is drawn at once by the card itself.
 */
import { lazy } from '../sidepanel/lazy';

export const FlagNoteLater = lazy(() => import('./flags').then((module) => module.FlagNote));

export const FlagFormLater = lazy(() => import('./flags').then((module) => module.FlagForm));

export const UpdateInDestinationLater = lazy(() =>
  import('./flags-update').then((module) => module.UpdateInDestination),
);
