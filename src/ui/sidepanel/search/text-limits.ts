/**
 * Why a typed free text or job description cannot be searched as is, checked in the panel before any request
 * (the service refuses them with a 400, and the background refuses them too; this says so while typing).
 */
import { LIMITS } from '../../../api/schema-parts';
import { formatNumber } from '../../../format/numbers';

export const FREE_TEXT_MAX = LIMITS.freeTextMax;
export const JD_MAX = LIMITS.jdMax;

/** "N / 300", "N / 8,500": the live counter under a text box. */
export const counter = (text: string, max: number) =>
  `${formatNumber(text.trim().length)} / ${formatNumber(max)}`;

/** The refusal message for a free text, or null when it can be sent. */
export function freeTextProblem(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return 'Describe who you are looking for in Free text.';
  if (length > FREE_TEXT_MAX) {
    return `Free text is ${formatNumber(length)} characters; the limit is ${formatNumber(FREE_TEXT_MAX)}. Shorten it by ${formatNumber(length - FREE_TEXT_MAX)}.`;
  }
  return null;
}

/** The refusal message for a job description, or null when it can be sent. */
export function jdProblem(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return 'Paste a job description first.';
  if (length > JD_MAX) {
    return `The job description is ${formatNumber(length)} characters; the limit is ${formatNumber(JD_MAX)}. Shorten it by ${formatNumber(length - JD_MAX)}.`;
  }
  return null;
}
