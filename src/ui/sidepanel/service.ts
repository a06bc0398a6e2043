/**
 * The side panel's one check of the service (see `service-check.ts`): asked when the panel opens and on Retry; every
 * paid button of the panel waits on it, wherever it is drawn, so it is one for the page rather than handed down.
 */
import { createServiceCheck } from '../helpers/service-check';

export const panelService = createServiceCheck();
