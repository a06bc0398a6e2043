/**
 * The privacy notice's text this browser uses when there is no team gateway, as edited in Options (the team's text
 * comes with the membership, `team-membership.ts`); null: the default text (`src/privacy/notice.ts`).
 */
import * as z from 'zod/mini';
import { defineStored } from './item';
import { KEYS } from './keys';

/** The notice's text as edited in Options (used without a team gateway); null: the default text. */
export const LocalNoticeText = z.object({
  template: z.string().check(z.maxLength(3000)),
  contact: z.string().check(z.maxLength(300)),
});
export type LocalNoticeText = z.infer<typeof LocalNoticeText>;

const localNoticeItem = defineStored({
  key: KEYS.noticeText,
  schema: z.nullable(LocalNoticeText),
  fallback: null,
  label: 'privacy notice text',
  version: 1,
});

export const localNotice = {
  get: (): Promise<LocalNoticeText | null> => localNoticeItem.get(),
  set: (value: LocalNoticeText | null): Promise<void> => localNoticeItem.set(value),
};
