/** The card's privacy actions, loaded when a card first shows them: the popup, the panel and the library open without them. */
import { lazy } from '../sidepanel/lazy';

export const PrivacyLater = lazy(() => import('./privacy-menu').then((module) => module.PrivacyMenu));
