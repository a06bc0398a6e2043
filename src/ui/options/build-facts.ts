/** What the build says about its service, for the first run (set by wxt.config.ts at build time). */
declare const __SERVICE_NAMED__: boolean;
declare const __API_KEY_URL__: string | null;

/**
 * Whether the build names a real service (`WXT_API_BASE_URL`): its address then needs no typing and folds under
 * "Advanced". A build for the local simulator shows it open, as developers and tests change it.
 */
export const SERVICE_NAMED: boolean = typeof __SERVICE_NAMED__ === 'boolean' ? __SERVICE_NAMED__ : false;

/** The service's page where a user gets an API key, when the build names one. */
export const KEY_PAGE_URL: string | null = typeof __API_KEY_URL__ === 'string' ? __API_KEY_URL__ : null;
