/** Why a person is on a do-not-contact list (the gateway's and this browser's alike); no import, so any page may read it. */
export const DNC_REASONS = ['objected', 'erasure', 'client_employee', 'other'] as const;
export type DncReasonKind = (typeof DNC_REASONS)[number];
