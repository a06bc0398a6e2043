/**
 * The statuses stored for paid work the background owns (a reveal job, a search). A job is **cut off** when its
 * worker stopped mid-call (docs/architecture.md's glossary). The status keeps the spelling 1.0.0 stored, so that no
 * stored job or search needs a migration; code names it only as {@link CUT_OFF}, the one place that spelling is.
 */
import * as z from 'zod/mini';

/** The stored spelling of "cut off". */
export const CUT_OFF = 'interrupted' as const;

export const WorkStatus = z.enum(['running', 'done', 'failed', CUT_OFF]);
export type WorkStatus = z.infer<typeof WorkStatus>;
