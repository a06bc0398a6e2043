/**
 * Schools and degrees. Schools are real universities (public institutions, used only as names); a profile studies
 * in its own country most of the time.
 */

export interface Degree {
  abbreviation: string;
  name: string;
  /** Years of study, used to date education entries. */
  years: number;
  /** Degrees that come before this one (an MBA holder also has a bachelor's degree). */
  after?: string;
  /** The field a professional degree is always in (an MD is in Medicine); others take the family's majors. */
  field?: string;
}

export const DEGREES: readonly Degree[] = [
  { abbreviation: 'AA', name: 'Associate of Arts', years: 2 },
  { abbreviation: 'ADN', name: 'Associate Degree in Nursing', years: 2, field: 'Nursing' },
  { abbreviation: 'BA', name: 'Bachelor of Arts', years: 4 },
  { abbreviation: 'BS', name: 'Bachelor of Science', years: 4 },
  { abbreviation: 'BFA', name: 'Bachelor of Fine Arts', years: 4 },
  { abbreviation: 'BSN', name: 'Bachelor of Science in Nursing', years: 4, field: 'Nursing' },
  { abbreviation: 'MS', name: 'Master of Science', years: 2, after: 'BS' },
  {
    abbreviation: 'MBA',
    name: 'Master of Business Administration',
    years: 2,
    after: 'BA',
    field: 'Business Administration',
  },
  { abbreviation: 'MSN', name: 'Master of Science in Nursing', years: 2, after: 'BSN', field: 'Nursing' },
  {
    abbreviation: 'MHA',
    name: 'Master of Health Administration',
    years: 2,
    after: 'BS',
    field: 'Health Administration',
  },
  { abbreviation: 'PhD', name: 'Doctor of Philosophy', years: 5, after: 'BS' },
  { abbreviation: 'MD', name: 'Doctor of Medicine', years: 4, after: 'BS', field: 'Medicine' },
  {
    abbreviation: 'DO',
    name: 'Doctor of Osteopathic Medicine',
    years: 4,
    after: 'BS',
    field: 'Osteopathic Medicine',
  },
  { abbreviation: 'JD', name: 'Juris Doctor', years: 3, after: 'BA', field: 'Law' },
  { abbreviation: 'PharmD', name: 'Doctor of Pharmacy', years: 4, after: 'BS', field: 'Pharmacy' },
  {
    abbreviation: 'DPT',
    name: 'Doctor of Physical Therapy',
    years: 3,
    after: 'BS',
    field: 'Physical Therapy',
  },
  { abbreviation: 'DNP', name: 'Doctor of Nursing Practice', years: 3, after: 'MSN', field: 'Nursing' },
];

/** Degree by abbreviation. */
export function degreeCalled(abbreviation: string): Degree {
  const found = DEGREES.find((degree) => degree.abbreviation === abbreviation);
  if (!found) throw new Error(`Unknown degree: ${abbreviation}`);
  return found;
}

/** Words recruiters use for degree levels, mapped to the abbreviations they cover. Lower case keys. */
export const DEGREE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "bachelor's": ['BA', 'BS', 'BFA', 'BSN'],
  bachelors: ['BA', 'BS', 'BFA', 'BSN'],
  bachelor: ['BA', 'BS', 'BFA', 'BSN'],
  "master's": ['MS', 'MBA', 'MSN', 'MHA'],
  masters: ['MS', 'MBA', 'MSN', 'MHA'],
  master: ['MS', 'MBA', 'MSN', 'MHA'],
  doctorate: ['PhD', 'MD', 'DO', 'DNP', 'PharmD', 'DPT'],
  associate: ['AA', 'ADN'],
};

export interface School {
  name: string;
  country_code: string;
}

export const SCHOOLS: readonly School[] = [
  ...[
    'Stanford University',
    'Massachusetts Institute of Technology',
    'University of California, Berkeley',
    'Carnegie Mellon University',
    'Harvard University',
    'University of Washington',
    'Georgia Institute of Technology',
    'University of Texas at Austin',
    'University of Michigan',
    'University of Illinois Urbana-Champaign',
    'Cornell University',
    'Columbia University',
    'New York University',
    'University of Southern California',
    'University of California, Los Angeles',
    'Boston University',
    'Northeastern University',
    'Purdue University',
    'Arizona State University',
    'Ohio State University',
    'Pennsylvania State University',
    'Duke University',
    'University of North Carolina at Chapel Hill',
    'Northwestern University',
    'University of Florida',
    'University of Wisconsin-Madison',
    'Rutgers University',
    'Johns Hopkins University',
    'University of Pennsylvania',
    'San Jose State University',
    'University of Colorado Boulder',
    'Texas A&M University',
  ].map((name) => ({ name, country_code: 'US' })),
  { name: 'University of Oxford', country_code: 'GB' },
  { name: 'University of Cambridge', country_code: 'GB' },
  { name: 'Imperial College London', country_code: 'GB' },
  { name: 'University of Manchester', country_code: 'GB' },
  { name: 'University of Edinburgh', country_code: 'GB' },
  { name: 'Trinity College Dublin', country_code: 'IE' },
  { name: 'University of Toronto', country_code: 'CA' },
  { name: 'University of Waterloo', country_code: 'CA' },
  { name: 'McGill University', country_code: 'CA' },
  { name: 'University of British Columbia', country_code: 'CA' },
  { name: 'Technische Universität München', country_code: 'DE' },
  { name: 'Humboldt-Universität zu Berlin', country_code: 'DE' },
  { name: 'Sorbonne Université', country_code: 'FR' },
  { name: 'École Polytechnique', country_code: 'FR' },
  { name: 'University of Amsterdam', country_code: 'NL' },
  { name: 'Delft University of Technology', country_code: 'NL' },
  { name: 'Universidad Complutense de Madrid', country_code: 'ES' },
  { name: 'Universitat de Barcelona', country_code: 'ES' },
  { name: 'Universidade de Lisboa', country_code: 'PT' },
  { name: 'ETH Zürich', country_code: 'CH' },
  { name: 'KTH Royal Institute of Technology', country_code: 'SE' },
  { name: 'University of Copenhagen', country_code: 'DK' },
  { name: 'University of Warsaw', country_code: 'PL' },
  { name: 'Tel Aviv University', country_code: 'IL' },
  { name: 'Technion – Israel Institute of Technology', country_code: 'IL' },
  { name: 'Indian Institute of Technology Bombay', country_code: 'IN' },
  { name: 'Indian Institute of Science', country_code: 'IN' },
  { name: 'National University of Singapore', country_code: 'SG' },
  { name: 'University of Sydney', country_code: 'AU' },
  { name: 'University of Melbourne', country_code: 'AU' },
  { name: 'Universidade de São Paulo', country_code: 'BR' },
  { name: 'Universidad Nacional Autónoma de México', country_code: 'MX' },
  { name: 'University of Tokyo', country_code: 'JP' },
  { name: 'University of Lagos', country_code: 'NG' },
  { name: 'University of Nairobi', country_code: 'KE' },
];

/** Short names recruiters type for schools. Lower case keys. */
export const SCHOOL_ALIASES: Readonly<Record<string, string>> = {
  mit: 'Massachusetts Institute of Technology',
  stanford: 'Stanford University',
  berkeley: 'University of California, Berkeley',
  'uc berkeley': 'University of California, Berkeley',
  cmu: 'Carnegie Mellon University',
  'carnegie mellon': 'Carnegie Mellon University',
  harvard: 'Harvard University',
  'georgia tech': 'Georgia Institute of Technology',
  'ut austin': 'University of Texas at Austin',
  ucla: 'University of California, Los Angeles',
  usc: 'University of Southern California',
  nyu: 'New York University',
  upenn: 'University of Pennsylvania',
  oxford: 'University of Oxford',
  'imperial college': 'Imperial College London',
  waterloo: 'University of Waterloo',
  'eth zurich': 'ETH Zürich',
  'iit bombay': 'Indian Institute of Technology Bombay',
  nus: 'National University of Singapore',
};
