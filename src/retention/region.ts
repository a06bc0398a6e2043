/**
 * Which retention region a person's location is in, from the location text LinkedIn or the service gave ("Berlin,
 * Germany", "London Area, United Kingdom", "Île-de-France", "San Francisco Bay Area"): `eu` (the European Union,
 * the rest of the European Economic Area, the United Kingdom and Switzerland, whose data-protection laws set the
 * EU rule), `elsewhere`, or `unknown` (nothing recognised; the rules treat it as the strictest region).
 *
 * Country names come from the runtime's own ICU data (`Intl.DisplayNames`, in every browser the extension supports
 * and in Node) in English and the languages of Europe and of the largest non-European markets, rather than from a
 * home-made list of 250 countries × 35 languages that would drift from the standard: "Deutschland", "Allemagne",
 * "Niemcy" and "Germany" all name DE. What ICU has no names for (regions, cities, US states) is listed here, and only
 * where the name is not also a place in the other group: a name that could be either is left out, so it reads as
 * unknown and gets the strictest rule. A part that names a country decides; otherwise the most specific part that is
 * recognised does.
 */

export type Region = 'eu' | 'elsewhere' | 'unknown';

/** The EU's 27, the rest of the EEA (Iceland, Liechtenstein, Norway), the United Kingdom and Switzerland. */
export const EU_RULE_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
  'CH',
];

/** Languages whose country names are recognised: Europe's, then the largest markets' elsewhere. */
const LANGUAGES = [
  'en',
  'bg',
  'hr',
  'cs',
  'da',
  'nl',
  'et',
  'fi',
  'fr',
  'de',
  'el',
  'hu',
  'ga',
  'it',
  'lv',
  'lt',
  'mt',
  'pl',
  'pt',
  'ro',
  'sk',
  'sl',
  'es',
  'sv',
  'is',
  'nb',
  'nn',
  'lb',
  'rm',
  'ca',
  'eu',
  'gl',
  'cy',
  'tr',
  'ru',
  'uk',
  'ar',
  'he',
  'hi',
  'ja',
  'ko',
  'zh',
  'id',
  'vi',
  'th',
  'ms',
];

/** Countries outside the EU rule named in every language listed, not only in English: the largest markets. */
const MARKETS = [
  'US',
  'CA',
  'MX',
  'BR',
  'AR',
  'CL',
  'CO',
  'IN',
  'CN',
  'JP',
  'KR',
  'SG',
  'AU',
  'NZ',
  'TR',
  'UA',
  'RU',
  'IL',
  'AE',
  'SA',
  'ZA',
  'NG',
  'EG',
  'MA',
  'ID',
  'PH',
  'VN',
  'TH',
  'MY',
  'PK',
  'RS',
];

/** Region codes that are not countries (ICU names them: "European Union", "Unknown Region", pseudo-locales). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AA', 'QM', 'QN', 'XK']);

/** Names ICU does not give, or gives otherwise, for countries, in the forms people write. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  us: 'US',
  'u s': 'US',
  'u s a': 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'u k': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'england united kingdom': 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
  'czech republic': 'CZ',
  turkey: 'TR',
  'republic of ireland': 'IE',
  eire: 'IE',
  éire: 'IE',
  suisse: 'CH',
  schweiz: 'CH',
  svizzera: 'CH',
  korea: 'KR',
  'south korea': 'KR',
  uae: 'AE',
  'hong kong sar': 'HK',
  'mainland china': 'CN',
  'russian federation': 'RU',
  kosovo: 'XK',
};

/** Regions, provinces and cities of the EU rule's countries that name no place outside them. */
const EU_PLACES = [
  // United Kingdom
  'london',
  'greater london',
  'edinburgh',
  'glasgow',
  'cardiff',
  'belfast',
  'leeds',
  'liverpool',
  'bristol',
  'sheffield',
  'nottingham',
  'leicester',
  'newcastle upon tyne',
  'oxford',
  'brighton',
  'reading',
  'milton keynes',
  'aberdeen',
  'dundee',
  'yorkshire',
  'west midlands',
  'east midlands',
  'greater manchester',
  'merseyside',
  'surrey',
  'kent',
  'essex',
  'hertfordshire',
  'berkshire',
  'hampshire',
  'lancashire',
  'devon',
  'cornwall',
  // Ireland
  'dublin',
  'cork',
  'galway',
  'limerick',
  'county dublin',
  'county cork',
  // France
  'paris',
  'ile de france',
  'lyon',
  'marseille',
  'toulouse',
  'nice',
  'nantes',
  'strasbourg',
  'montpellier',
  'bordeaux',
  'lille',
  'rennes',
  'grenoble',
  'auvergne rhone alpes',
  'provence alpes cote d azur',
  'hauts de france',
  'occitanie',
  'nouvelle aquitaine',
  'bretagne',
  'brittany',
  'normandie',
  'normandy',
  'grand est',
  'pays de la loire',
  'bourgogne franche comte',
  'centre val de loire',
  'corse',
  'corsica',
  // Germany
  'berlin',
  'munich',
  'munchen',
  'hamburg',
  'frankfurt',
  'frankfurt am main',
  'cologne',
  'koln',
  'stuttgart',
  'dusseldorf',
  'dortmund',
  'essen',
  'leipzig',
  'dresden',
  'hannover',
  'hanover',
  'nuremberg',
  'nurnberg',
  'bonn',
  'karlsruhe',
  'mannheim',
  'bavaria',
  'bayern',
  'baden wurttemberg',
  'north rhine westphalia',
  'nordrhein westfalen',
  'hesse',
  'hessen',
  'lower saxony',
  'niedersachsen',
  'saxony',
  'sachsen',
  'rhineland palatinate',
  'rheinland pfalz',
  'schleswig holstein',
  'brandenburg',
  'thuringia',
  'thuringen',
  'saxony anhalt',
  'sachsen anhalt',
  'mecklenburg vorpommern',
  'saarland',
  // Benelux
  'amsterdam',
  'rotterdam',
  'the hague',
  'den haag',
  'utrecht',
  'eindhoven',
  'groningen',
  'randstad',
  'north holland',
  'noord holland',
  'south holland',
  'zuid holland',
  'north brabant',
  'noord brabant',
  'brussels',
  'bruxelles',
  'brussel',
  'antwerp',
  'antwerpen',
  'anvers',
  'ghent',
  'gent',
  'liege',
  'leuven',
  'flanders',
  'vlaanderen',
  'wallonia',
  'wallonie',
  'brussels region',
  // Iberia, Italy, Malta, Greece, Cyprus
  'madrid',
  'comunidad de madrid',
  'community of madrid',
  'barcelona',
  'valencia',
  'seville',
  'sevilla',
  'malaga',
  'bilbao',
  'zaragoza',
  'catalonia',
  'cataluna',
  'catalunya',
  'andalusia',
  'andalucia',
  'basque country',
  'pais vasco',
  'lisbon',
  'lisboa',
  'porto',
  'oporto',
  'braga',
  'coimbra',
  'milan',
  'milano',
  'rome',
  'roma',
  'turin',
  'torino',
  'naples',
  'napoli',
  'florence',
  'firenze',
  'bologna',
  'venice',
  'venezia',
  'genoa',
  'genova',
  'lombardy',
  'lombardia',
  'lazio',
  'piedmont',
  'piemonte',
  'veneto',
  'emilia romagna',
  'tuscany',
  'toscana',
  'valletta',
  'sliema',
  'athens',
  'athina',
  'thessaloniki',
  'nicosia',
  'limassol',
  'larnaca',
  // Alpine countries and Nordics
  'vienna',
  'wien',
  'graz',
  'linz',
  'salzburg',
  'innsbruck',
  'zurich',
  'geneva',
  'geneve',
  'genf',
  'basel',
  'lausanne',
  'bern',
  'berne',
  'lucerne',
  'luzern',
  'zug',
  'vaduz',
  'copenhagen',
  'kobenhavn',
  'aarhus',
  'odense',
  'stockholm',
  'gothenburg',
  'goteborg',
  'malmo',
  'uppsala',
  'oslo',
  'bergen',
  'trondheim',
  'stavanger',
  'helsinki',
  'espoo',
  'tampere',
  'turku',
  'reykjavik',
  // Central and eastern Europe, the Baltics
  'warsaw',
  'warszawa',
  'krakow',
  'cracow',
  'wroclaw',
  'gdansk',
  'poznan',
  'lodz',
  'katowice',
  'mazowieckie',
  'masovian voivodeship',
  'prague',
  'praha',
  'brno',
  'ostrava',
  'bratislava',
  'kosice',
  'budapest',
  'debrecen',
  'bucharest',
  'bucuresti',
  'cluj napoca',
  'timisoara',
  'iasi',
  'sofia',
  'plovdiv',
  'varna',
  'zagreb',
  'split',
  'ljubljana',
  'maribor',
  'vilnius',
  'kaunas',
  'riga',
  'tallinn',
  'tartu',
  // Europe as a whole: the strictest
  'europe',
  'european union',
  'european economic area',
  'eea',
  'eu',
  'emea',
  'dach',
  'benelux',
  'nordics',
  'scandinavia',
];

/** US states and districts (by name, and by the two letters a US address uses), and big cities elsewhere. */
const ELSEWHERE_PLACES = [
  'alabama',
  'alaska',
  'arizona',
  'arkansas',
  'california',
  'colorado',
  'connecticut',
  'delaware',
  'florida',
  'hawaii',
  'idaho',
  'illinois',
  'indiana',
  'iowa',
  'kansas',
  'kentucky',
  'louisiana',
  'maine',
  'maryland',
  'massachusetts',
  'michigan',
  'minnesota',
  'mississippi',
  'missouri',
  'montana',
  'nebraska',
  'nevada',
  'new hampshire',
  'new jersey',
  'new mexico',
  'new york',
  'north carolina',
  'north dakota',
  'ohio',
  'oklahoma',
  'oregon',
  'pennsylvania',
  'rhode island',
  'south carolina',
  'south dakota',
  'tennessee',
  'texas',
  'utah',
  'vermont',
  'virginia',
  'washington',
  'west virginia',
  'wisconsin',
  'wyoming',
  'district of columbia',
  'washington dc',
  'washington d c',
  'puerto rico',
  'new york city',
  'nyc',
  'san francisco',
  'san francisco bay',
  'bay area',
  'silicon valley',
  'los angeles',
  'seattle',
  'chicago',
  'austin',
  'denver',
  'atlanta',
  'dallas',
  'dallas fort worth',
  'houston',
  'miami',
  'san diego',
  'san jose',
  'philadelphia',
  'phoenix',
  'minneapolis',
  'minneapolis st paul',
  'detroit',
  'pittsburgh',
  'salt lake city',
  'raleigh durham',
  'boston',
  'greater boston',
  'toronto',
  'vancouver',
  'montreal',
  'calgary',
  'ottawa',
  'ontario',
  'quebec',
  'british columbia',
  'alberta',
  'bangalore',
  'bengaluru',
  'mumbai',
  'delhi',
  'new delhi',
  'hyderabad',
  'pune',
  'chennai',
  'gurgaon',
  'gurugram',
  'noida',
  'kolkata',
  'karnataka',
  'maharashtra',
  'tamil nadu',
  'telangana',
  'sydney',
  'melbourne',
  'brisbane',
  'perth',
  'new south wales',
  'victoria australia',
  'auckland',
  'tokyo',
  'osaka',
  'seoul',
  'beijing',
  'shanghai',
  'shenzhen',
  'tel aviv',
  'dubai',
  'abu dhabi',
  'riyadh',
  'sao paulo',
  'rio de janeiro',
  'mexico city',
  'ciudad de mexico',
  'buenos aires',
  'bogota',
  'santiago de chile',
  'lagos',
  'nairobi',
  'cape town',
  'johannesburg',
  'cairo',
  'istanbul',
  'manila',
  'jakarta',
  'kuala lumpur',
];

/** The two letters US addresses use for states ("Austin, TX"): all but DE, which is also Germany's code. */
const US_STATE_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY DC'
  ).split(' '),
);

/** Lower case, accents and punctuation dropped, spaces single: "Île-de-France" is "ile de france". */
export function normalisePlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words LinkedIn puts around a place ("Greater Paris Metropolitan Region", "London Area"). */
const AROUND =
  /^(?:greater |the greater |metro |metropolitan )|(?: metropolitan area| metropolitan region| metro area| city area| area| region| metro| metroplex)$/;

function stripped(part: string): string {
  let text = part;
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(AROUND, '').trim();
  }
  return text;
}

interface Names {
  countries: Map<string, string>;
  places: Map<string, Region>;
}
let names: Names | null = null;

/** Built once, on first use: about 3,000 names from ICU (tens of milliseconds). */
function namesNow(): Names {
  if (names) return names;
  const eu = new Set(EU_RULE_COUNTRIES);
  const countries = new Map<string, string>();
  const codes: string[] = [];
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const add = (key: string, code: string) => {
    if (key === '') return;
    const had = countries.get(key);
    // A name two countries share in some language decides nothing unless both are on the same side.
    if (had === undefined) countries.set(key, code);
    else if (had !== code && eu.has(had) !== eu.has(code)) countries.set(key, 'EU?');
  };
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && english.of(code)) codes.push(code);
    }
  }
  // Every country in English; the EU rule's countries and the largest markets elsewhere in every language listed
  // (a country named in a language not listed reads as unknown: the strictest rule).
  for (const code of codes) add(normalisePlace(english.of(code) ?? ''), code);
  const named = [...EU_RULE_COUNTRIES, ...MARKETS];
  for (const language of LANGUAGES) {
    let display: Intl.DisplayNames;
    try {
      display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      continue;
    }
    for (const code of named) add(normalisePlace(display.of(code) ?? ''), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countries.set(alias, code);
  const places = new Map<string, Region>();
  for (const place of ELSEWHERE_PLACES) places.set(place, 'elsewhere');
  // A name on both lists is the EU rule's: the strictest wins.
  for (const place of EU_PLACES) places.set(normalisePlace(place), 'eu');
  names = { countries, places };
  return names;
}

/** The region of a country code or an ambiguous name ('EU?': one side or the other, so the strictest). */
const regionOfCode = (code: string): Region =>
  code === 'EU?' || EU_RULE_COUNTRIES.includes(code) ? 'eu' : 'elsewhere';

/** The retention region of a location as written; `unknown` when it is empty or names nothing recognised. */
export function regionOf(location: string | null | undefined): Region {
  if (!location || location.trim() === '') return 'unknown';
  const { countries, places } = namesNow();
  const parts = location
    .split(/[,;|/()·•–—]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  // A country named anywhere decides (the last part first: "Paris, Texas, United States").
  for (const part of [...parts].reverse()) {
    const text = normalisePlace(part);
    const code = countries.get(text) ?? countries.get(stripped(text));
    if (code) return regionOfCode(code);
  }
  // Else the most specific part recognised: a region or city, or a US state's two letters.
  for (const part of parts) {
    const text = normalisePlace(part);
    const place = places.get(text) ?? places.get(stripped(text));
    if (place) return place;
    if (US_STATE_CODES.has(part)) return 'elsewhere';
  }
  return 'unknown';
}
