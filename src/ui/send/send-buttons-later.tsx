/**
 * The send buttons, loaded when a revealed contact is first shown: the popup, the panel and the library open without
 * carrying them, and most contacts are shown before any destination is saved.
 */
import { lazy } from '../sidepanel/lazy';

export const SendButtonsLater = lazy(() => import('./send-buttons').then((module) => module.SendButtons));
