/**
 * Where each vendor's API answers by default (each destination's card gives it as its `defaultOrigin`). Apart from the
 * destinations themselves, so the options page can ask for a destination's host permission without carrying its code.
 */
export const LEVER_BASE_URL = 'https://api.lever.co';
export const ASHBY_BASE_URL = 'https://api.ashbyhq.com';
export const HUBSPOT_BASE_URL = 'https://api.hubapi.com';
/** Harvest v3's API; its access tokens come from Greenhouse's auth host (harvestdocs.greenhouse.io/docs/authentication). */
export const GREENHOUSE_BASE_URL = 'https://harvest.greenhouse.io';
export const GREENHOUSE_AUTH_URL = 'https://auth.greenhouse.io';
