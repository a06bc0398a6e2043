/**
 * The send buttons, a row's send and the bulk send, loaded when first shown: the popup, the panel and the library open without
 * carrying them (nor the stored items they read), and most screens are opened before any destination is saved.
 */
import { lazy } from '../sidepanel/lazy';

export const SendButtonsLater = lazy(() => import('./send-buttons').then((module) => module.SendButtons));

export const BulkSendLater = lazy(() => import('./bulk-send').then((module) => module.BulkSend));

export const RowSendLater = lazy(() => import('./row-send').then((module) => module.RowSend));
