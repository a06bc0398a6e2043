/**
 * The parts of the wire contract that extension pages need too (the vault stores NPI data, errors carry
 * `credits_info`). Kept apart from `schema.ts` so a page's bundle does not carry every request and response schema.
 * `schema.ts` re-exports all of it: it remains the one contract.
 */
import * as z from 'zod/mini';

/** The spec's limits ("Limits"). */
export const LIMITS = {
  pageSizeMin: 1,
  pageSizeMax: 100,
  pageSizeDefault: 50,
  startDefault: 1,
  freeTextMax: 300,
  jdMax: 8500,
  similarTitlesMax: 10,
  /** The spec recommends up to 15 concurrent lookups. */
  parallelLookups: 15,
  /**
   * Size limits of our own, checked before sending: the spec states none, but no real title, name or place is
   * longer than this, no filter needs more values, and no search the service could answer usefully is bigger.
   */
  searchValueMax: 1000,
  searchValuesMax: 100,
  searchBodyMaxBytes: 64 * 1024,
} as const;

/**
 * A string-keyed record parsed into a null-prototype object. zod's own record drops a `__proto__` key and builds a
 * plain object, where `constructor` or `toString` read as inherited functions; here every key, those included, is
 * plain data (read it with `Object.hasOwn`).
 */
export function keyedRecord<T>(value: z.ZodMiniType<T>) {
  return z.pipe(
    z.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      { message: 'Expected an object' },
    ),
    z.transform((input, ctx) => {
      const out = Object.create(null) as Record<string, T>;
      for (const key of Object.keys(input)) {
        const parsed = z.safeParse(value, input[key]);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            ctx.issues.push({
              code: 'custom',
              message: issue.message,
              path: [key, ...issue.path],
              input: input[key],
            });
          }
          continue;
        }
        out[key] = parsed.data;
      }
      return out;
    }),
  );
}

/** Items a lookup can retrieve (`contact_data_retrieved`). */
export const RETRIEVABLE = ['email', 'phone', 'detailed_profile', 'healthcare_profile'] as const;
export type Retrievable = (typeof RETRIEVABLE)[number];

export const NpiData = z.looseObject({
  npi_number: z.optional(z.string()),
  license_number: z.optional(z.string()),
  license_state: z.optional(z.string()),
  specialty: z.optional(z.string()),
  credentials: z.optional(z.string()),
});
export type NpiData = z.infer<typeof NpiData>;

/** Insufficient-credit details of an error body. */
export const CreditsInfo = z.looseObject({
  required: z.int(),
  available: z.int(),
  /** Lookup only: count of contacts and credits each. */
  breakdown: z.optional(z.string()),
});
export type CreditsInfo = z.infer<typeof CreditsInfo>;
