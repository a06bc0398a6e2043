/**
 * The EU rule's period and the shape of a removal, apart from the region classifier (`region.ts`, with its lists of
 * names), so a page that only says the rules does not load the classifier.
 */

/** Days a person under the EU rule is kept unless sent: fixed, a month by GDPR Article 14(3)(a). */
export const EU_RULE_DAYS = 30;

export type RuleName = 'eu' | 'general';

export interface Removal {
  /** When the person is removed. */
  at: Date;
  rule: RuleName;
}
