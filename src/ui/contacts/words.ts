/** The library's own words: its table's columns and the choices of its order. Part of the UI's words. */
import type { NoticeDue, Sort } from './query';

/** The table's columns, in order, with the sorts a sortable one's header sets: A to Z first, then Z to A. */
export const COLUMNS = [
  { id: 'name', label: 'Name', sorts: ['name', 'name-desc'] },
  { id: 'title', label: 'Title', sorts: ['title', 'title-desc'] },
  { id: 'company', label: 'Company', sorts: ['company', 'company-desc'] },
  { id: 'location', label: 'Location', sorts: ['location', 'location-desc'] },
  { id: 'email', label: 'Email' },
  { id: 'phone', label: 'Phone' },
  // Newest first is what one wants first of dates.
  { id: 'revealed', label: 'Revealed', sorts: ['newest', 'oldest'] },
  { id: 'sent', label: 'Sent to' },
] as const satisfies ReadonlyArray<{ id: string; label: string; sorts?: readonly [Sort, Sort] }>;

/** The Sort choice of a narrow page, where there are no column headers to click. */
export const SORT_CHOICES: ReadonlyArray<[Sort, string]> = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['name', 'Name, A to Z'],
  ['name-desc', 'Name, Z to A'],
  ['title', 'Title, A to Z'],
  ['title-desc', 'Title, Z to A'],
  ['company', 'Company, A to Z'],
  ['company-desc', 'Company, Z to A'],
  ['location', 'Location, A to Z'],
  ['location-desc', 'Location, Z to A'],
];

/** Beside a title LinkedIn has since shown another job for (the whole line in its tooltip). */
export const CHANGED_MARK = 'Changed';

/** The privacy notice filter: every contact, or those revealed more than N days ago with no notice copied. */
export const NOTICE_CHOICES: ReadonlyArray<[NoticeDue, string]> = [
  ['any', 'Any'],
  [7, 'No notice after 7 days'],
  [14, 'No notice after 14 days'],
  [21, 'No notice after 21 days'],
  [30, 'No notice after 30 days'],
];
