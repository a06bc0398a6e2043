/** "Forget this person", loaded when a card first shows it: the popup, the panel and the library open without it. */
import { lazy } from '../sidepanel/lazy';

export const ForgetLater = lazy(() => import('./forget-form').then((module) => module.ForgetForm));
