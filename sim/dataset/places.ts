/**
 * Cities the synthetic profiles live in, with real coordinates so that radius searches (`Austin::~30mi`) behave as
 * they would against the real service. Clusters of nearby cities (the Bay Area, New York and New Jersey, Boston and
 * Cambridge, Seattle and Bellevue, Austin and Round Rock…) make radius results differ visibly from city-name results.
 */

export interface City {
  city: string;
  state: string;
  state_code: string;
  country: string;
  country_code: string;
  latitude: number;
  longitude: number;
  postal_code: string;
  /** Relative share of profiles living here. */
  weight: number;
}

type Row = [
  city: string,
  state: string,
  stateCode: string,
  lat: number,
  lon: number,
  postal: string,
  weight: number,
];

const US: readonly Row[] = [
  ['San Francisco', 'California', 'CA', 37.7749, -122.4194, '94103', 9],
  ['Oakland', 'California', 'CA', 37.8044, -122.2712, '94607', 2],
  ['San Jose', 'California', 'CA', 37.3382, -121.8863, '95113', 3],
  ['Palo Alto', 'California', 'CA', 37.4419, -122.143, '94301', 2],
  ['Mountain View', 'California', 'CA', 37.3861, -122.0839, '94041', 2],
  ['Los Angeles', 'California', 'CA', 34.0522, -118.2437, '90012', 6],
  ['San Diego', 'California', 'CA', 32.7157, -117.1611, '92101', 3],
  ['Irvine', 'California', 'CA', 33.6846, -117.8265, '92618', 2],
  ['Seattle', 'Washington', 'WA', 47.6062, -122.3321, '98101', 6],
  ['Bellevue', 'Washington', 'WA', 47.6101, -122.2015, '98004', 2],
  ['Redmond', 'Washington', 'WA', 47.674, -122.1215, '98052', 2],
  ['Portland', 'Oregon', 'OR', 45.5152, -122.6784, '97204', 2],
  ['New York', 'New York', 'NY', 40.7128, -74.006, '10001', 10],
  ['Brooklyn', 'New York', 'NY', 40.6782, -73.9442, '11201', 3],
  ['Jersey City', 'New Jersey', 'NJ', 40.7178, -74.0431, '07302', 2],
  ['Newark', 'New Jersey', 'NJ', 40.7357, -74.1724, '07102', 1],
  ['Stamford', 'Connecticut', 'CT', 41.0534, -73.5387, '06901', 1],
  ['Boston', 'Massachusetts', 'MA', 42.3601, -71.0589, '02108', 6],
  ['Cambridge', 'Massachusetts', 'MA', 42.3736, -71.1097, '02139', 2],
  ['Philadelphia', 'Pennsylvania', 'PA', 39.9526, -75.1652, '19103', 3],
  ['Pittsburgh', 'Pennsylvania', 'PA', 40.4406, -79.9959, '15222', 2],
  ['Washington', 'District of Columbia', 'DC', 38.9072, -77.0369, '20001', 3],
  ['Arlington', 'Virginia', 'VA', 38.8816, -77.091, '22201', 2],
  ['Baltimore', 'Maryland', 'MD', 39.2904, -76.6122, '21201', 1],
  ['Atlanta', 'Georgia', 'GA', 33.749, -84.388, '30303', 4],
  ['Miami', 'Florida', 'FL', 25.7617, -80.1918, '33130', 3],
  ['Tampa', 'Florida', 'FL', 27.9506, -82.4572, '33602', 2],
  ['Orlando', 'Florida', 'FL', 28.5383, -81.3792, '32801', 1],
  ['Charlotte', 'North Carolina', 'NC', 35.2271, -80.8431, '28202', 2],
  ['Raleigh', 'North Carolina', 'NC', 35.7796, -78.6382, '27601', 2],
  ['Durham', 'North Carolina', 'NC', 35.994, -78.8986, '27701', 1],
  ['Nashville', 'Tennessee', 'TN', 36.1627, -86.7816, '37203', 2],
  ['Chicago', 'Illinois', 'IL', 41.8781, -87.6298, '60601', 6],
  ['Evanston', 'Illinois', 'IL', 42.0451, -87.6877, '60201', 1],
  ['Detroit', 'Michigan', 'MI', 42.3314, -83.0458, '48226', 1],
  ['Ann Arbor', 'Michigan', 'MI', 42.2808, -83.743, '48104', 1],
  ['Minneapolis', 'Minnesota', 'MN', 44.9778, -93.265, '55401', 2],
  ['Columbus', 'Ohio', 'OH', 39.9612, -82.9988, '43215', 1],
  ['Cleveland', 'Ohio', 'OH', 41.4993, -81.6944, '44114', 1],
  ['St. Louis', 'Missouri', 'MO', 38.627, -90.1994, '63101', 1],
  ['Kansas City', 'Missouri', 'MO', 39.0997, -94.5786, '64105', 1],
  ['Denver', 'Colorado', 'CO', 39.7392, -104.9903, '80202', 3],
  ['Boulder', 'Colorado', 'CO', 40.015, -105.2705, '80302', 1],
  ['Salt Lake City', 'Utah', 'UT', 40.7608, -111.891, '84101', 2],
  ['Phoenix', 'Arizona', 'AZ', 33.4484, -112.074, '85004', 2],
  ['Las Vegas', 'Nevada', 'NV', 36.1699, -115.1398, '89101', 1],
  ['Austin', 'Texas', 'TX', 30.2672, -97.7431, '78701', 5],
  ['Round Rock', 'Texas', 'TX', 30.5083, -97.6789, '78664', 1],
  ['Dallas', 'Texas', 'TX', 32.7767, -96.797, '75201', 4],
  ['Houston', 'Texas', 'TX', 29.7604, -95.3698, '77002', 3],
  ['San Antonio', 'Texas', 'TX', 29.4241, -98.4936, '78205', 1],
];

type WorldRow = [...Row, country: string, countryCode: string];

const WORLD: readonly WorldRow[] = [
  ['London', 'England', 'ENG', 51.5074, -0.1278, 'EC1A 1BB', 8, 'United Kingdom', 'GB'],
  ['Manchester', 'England', 'ENG', 53.4808, -2.2426, 'M1 1AE', 2, 'United Kingdom', 'GB'],
  ['Edinburgh', 'Scotland', 'SCT', 55.9533, -3.1883, 'EH1 1YZ', 1, 'United Kingdom', 'GB'],
  ['Dublin', 'County Dublin', 'D', 53.3498, -6.2603, 'D02 X285', 2, 'Ireland', 'IE'],
  ['Toronto', 'Ontario', 'ON', 43.6532, -79.3832, 'M5H 2N2', 4, 'Canada', 'CA'],
  ['Vancouver', 'British Columbia', 'BC', 49.2827, -123.1207, 'V6B 1A1', 2, 'Canada', 'CA'],
  ['Montréal', 'Quebec', 'QC', 45.5017, -73.5673, 'H2Y 1C6', 1, 'Canada', 'CA'],
  ['Berlin', 'Berlin', 'BE', 52.52, 13.405, '10115', 3, 'Germany', 'DE'],
  ['Munich', 'Bavaria', 'BY', 48.1351, 11.582, '80331', 2, 'Germany', 'DE'],
  ['Hamburg', 'Hamburg', 'HH', 53.5511, 9.9937, '20095', 1, 'Germany', 'DE'],
  ['Paris', 'Île-de-France', 'IDF', 48.8566, 2.3522, '75001', 3, 'France', 'FR'],
  ['Amsterdam', 'North Holland', 'NH', 52.3676, 4.9041, '1012 JS', 2, 'Netherlands', 'NL'],
  ['Madrid', 'Community of Madrid', 'MD', 40.4168, -3.7038, '28013', 2, 'Spain', 'ES'],
  ['Barcelona', 'Catalonia', 'CT', 41.3874, 2.1686, '08002', 1, 'Spain', 'ES'],
  ['Lisbon', 'Lisbon', 'LI', 38.7223, -9.1393, '1100-148', 1, 'Portugal', 'PT'],
  ['Zürich', 'Zürich', 'ZH', 47.3769, 8.5417, '8001', 1, 'Switzerland', 'CH'],
  ['Stockholm', 'Stockholm County', 'AB', 59.3293, 18.0686, '111 20', 1, 'Sweden', 'SE'],
  ['Copenhagen', 'Capital Region', 'DK84', 55.6761, 12.5683, '1050', 1, 'Denmark', 'DK'],
  ['Warsaw', 'Masovia', 'MZ', 52.2297, 21.0122, '00-001', 1, 'Poland', 'PL'],
  ['Tel Aviv', 'Tel Aviv District', 'TA', 32.0853, 34.7818, '6100000', 1, 'Israel', 'IL'],
  ['Bengaluru', 'Karnataka', 'KA', 12.9716, 77.5946, '560001', 3, 'India', 'IN'],
  ['Hyderabad', 'Telangana', 'TG', 17.385, 78.4867, '500001', 1, 'India', 'IN'],
  ['Singapore', 'Singapore', 'SG', 1.3521, 103.8198, '018956', 2, 'Singapore', 'SG'],
  ['Sydney', 'New South Wales', 'NSW', -33.8688, 151.2093, '2000', 2, 'Australia', 'AU'],
  ['Melbourne', 'Victoria', 'VIC', -37.8136, 144.9631, '3000', 1, 'Australia', 'AU'],
  ['São Paulo', 'São Paulo', 'SP', -23.5505, -46.6333, '01000-000', 2, 'Brazil', 'BR'],
  ['Mexico City', 'Mexico City', 'CMX', 19.4326, -99.1332, '06000', 1, 'Mexico', 'MX'],
  ['Tokyo', 'Tokyo', '13', 35.6762, 139.6503, '100-0001', 1, 'Japan', 'JP'],
  ['Lagos', 'Lagos', 'LA', 6.5244, 3.3792, '100001', 1, 'Nigeria', 'NG'],
  ['Nairobi', 'Nairobi County', '30', -1.2921, 36.8219, '00100', 1, 'Kenya', 'KE'],
];

/** Every city of the dataset, US first. */
export const CITIES: readonly City[] = [
  ...US.map(([city, state, state_code, latitude, longitude, postal_code, weight]) => ({
    city,
    state,
    state_code,
    country: 'United States',
    country_code: 'US',
    latitude,
    longitude,
    postal_code,
    weight,
  })),
  ...WORLD.map(
    ([city, state, state_code, latitude, longitude, postal_code, weight, country, country_code]) => ({
      city,
      state,
      state_code,
      country,
      country_code,
      latitude,
      longitude,
      postal_code,
      weight,
    }),
  ),
];

const locationCache = new WeakMap<City, string>();

/** "San Francisco, California, United States"; "Singapore" (city-states are not repeated). */
export function formatLocation(city: City): string {
  let location = locationCache.get(city);
  if (location === undefined) {
    const parts = [city.city, city.state, city.country];
    location = parts.filter((part, index) => parts.indexOf(part) === index).join(', ');
    locationCache.set(city, location);
  }
  return location;
}

/** Country names users type that differ from the dataset's own country names. */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'United States',
  'united states of america': 'United States',
  america: 'United States',
  uk: 'United Kingdom',
  britain: 'United Kingdom',
  'great britain': 'United Kingdom',
  england: 'United Kingdom',
  deutschland: 'Germany',
  holland: 'Netherlands',
};

/** City names users type that differ from the dataset's own city names. */
export const CITY_ALIASES: Readonly<Record<string, string>> = {
  nyc: 'New York',
  'new york city': 'New York',
  sf: 'San Francisco',
  'bay area': 'San Francisco',
  'san francisco bay area': 'San Francisco',
  dc: 'Washington',
  'washington dc': 'Washington',
  bangalore: 'Bengaluru',
  montreal: 'Montréal',
  zurich: 'Zürich',
  'sao paulo': 'São Paulo',
};
