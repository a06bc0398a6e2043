/**
 * Journeys whose features are being built land here (or in their own `*.test.ts` next to this file) with the same
 * fixtures when their feature does. LinkedIn list pages: serve the list's fixture with `site.route(path, html)`, open
 * it with `openTab`, and assert the badge and what the popup offers for the page's profiles.
 */
import { test } from './fixtures';

test.todo('detection and badge on a LinkedIn list page (people search, Sales Navigator list)');
