export interface SyntheticCity {
  city: string;
  state: string;
  /** Postal abbreviation or short region code; used to tell apart companies of the same name. */
  stateCode: string;
  /** Thousands of inhabitants, the weight of the city. */
  population: number;
  /** Phone prefix up to the last four digits, e.g. `+1 415 555`. */
  dialPrefix: string;
}

export interface SyntheticCountry {
  name: string;
  code: string;
  /** Share among the non-US contacts. */
  weight: number;
  cities: readonly SyntheticCity[];
  /** Country-code top-level domain a local company may use instead of `.com`. */
  localTld: string;
  /** The last four phone digits stay below this, to remain inside a range set aside for fiction. */
  phoneTailRange: number;
}

type CityRow = readonly [city: string, state: string, stateCode: string, population: number, dialPrefix: string];

const cities = (rows: readonly CityRow[]): SyntheticCity[] =>
  rows.map(([city, state, stateCode, population, dialPrefix]) => ({ city, state, stateCode, population, dialPrefix }));

// 555 exchanges keep synthetic US and Canadian numbers out of real subscribers' ranges.
const us = (city: string, state: string, stateCode: string, population: number, areaCode: number): CityRow => [
  city,
  state,
  stateCode,
  population,
  `+1 ${areaCode} 555`,
];

export const US_CITIES: readonly SyntheticCity[] = cities([
  us('New York', 'New York', 'NY', 8336, 212),
  us('Los Angeles', 'California', 'CA', 3899, 213),
  us('Chicago', 'Illinois', 'IL', 2746, 312),
  us('Houston', 'Texas', 'TX', 2304, 713),
  us('Phoenix', 'Arizona', 'AZ', 1608, 602),
  us('Philadelphia', 'Pennsylvania', 'PA', 1603, 215),
  us('San Antonio', 'Texas', 'TX', 1434, 210),
  us('San Diego', 'California', 'CA', 1386, 619),
  us('Dallas', 'Texas', 'TX', 1304, 214),
  us('San Jose', 'California', 'CA', 1013, 408),
  us('Austin', 'Texas', 'TX', 961, 512),
  us('Jacksonville', 'Florida', 'FL', 949, 904),
  us('Fort Worth', 'Texas', 'TX', 918, 817),
  us('Columbus', 'Ohio', 'OH', 905, 614),
  us('Indianapolis', 'Indiana', 'IN', 887, 317),
  us('Charlotte', 'North Carolina', 'NC', 874, 704),
  us('San Francisco', 'California', 'CA', 873, 415),
  us('Seattle', 'Washington', 'WA', 737, 206),
  us('Denver', 'Colorado', 'CO', 715, 303),
  us('Washington', 'District of Columbia', 'DC', 689, 202),
  us('Nashville', 'Tennessee', 'TN', 689, 615),
  us('Oklahoma City', 'Oklahoma', 'OK', 681, 405),
  us('El Paso', 'Texas', 'TX', 678, 915),
  us('Boston', 'Massachusetts', 'MA', 675, 617),
  us('Portland', 'Oregon', 'OR', 652, 503),
  us('Las Vegas', 'Nevada', 'NV', 641, 702),
  us('Detroit', 'Michigan', 'MI', 639, 313),
  us('Memphis', 'Tennessee', 'TN', 633, 901),
  us('Louisville', 'Kentucky', 'KY', 633, 502),
  us('Baltimore', 'Maryland', 'MD', 585, 410),
  us('Milwaukee', 'Wisconsin', 'WI', 577, 414),
  us('Albuquerque', 'New Mexico', 'NM', 564, 505),
  us('Tucson', 'Arizona', 'AZ', 542, 520),
  us('Fresno', 'California', 'CA', 542, 559),
  us('Sacramento', 'California', 'CA', 524, 916),
  us('Kansas City', 'Missouri', 'MO', 508, 816),
  us('Mesa', 'Arizona', 'AZ', 504, 480),
  us('Atlanta', 'Georgia', 'GA', 498, 404),
  us('Omaha', 'Nebraska', 'NE', 486, 402),
  us('Colorado Springs', 'Colorado', 'CO', 478, 719),
  us('Raleigh', 'North Carolina', 'NC', 467, 919),
  us('Long Beach', 'California', 'CA', 466, 562),
  us('Virginia Beach', 'Virginia', 'VA', 459, 757),
  us('Miami', 'Florida', 'FL', 442, 305),
  us('Oakland', 'California', 'CA', 440, 510),
  us('Minneapolis', 'Minnesota', 'MN', 429, 612),
  us('Tulsa', 'Oklahoma', 'OK', 413, 918),
  us('Bakersfield', 'California', 'CA', 403, 661),
  us('Wichita', 'Kansas', 'KS', 397, 316),
  us('Arlington', 'Texas', 'TX', 394, 817),
  us('Aurora', 'Colorado', 'CO', 386, 303),
  us('Tampa', 'Florida', 'FL', 384, 813),
  us('New Orleans', 'Louisiana', 'LA', 383, 504),
  us('Cleveland', 'Ohio', 'OH', 372, 216),
  us('Honolulu', 'Hawaii', 'HI', 350, 808),
  us('Anaheim', 'California', 'CA', 346, 714),
  us('Lexington', 'Kentucky', 'KY', 322, 859),
  us('Stockton', 'California', 'CA', 320, 209),
  us('Corpus Christi', 'Texas', 'TX', 317, 361),
  us('Henderson', 'Nevada', 'NV', 317, 702),
  us('Riverside', 'California', 'CA', 314, 951),
  us('Newark', 'New Jersey', 'NJ', 311, 973),
  us('Saint Paul', 'Minnesota', 'MN', 311, 651),
  us('Santa Ana', 'California', 'CA', 310, 714),
  us('Cincinnati', 'Ohio', 'OH', 309, 513),
  us('Irvine', 'California', 'CA', 307, 949),
  us('Orlando', 'Florida', 'FL', 307, 407),
  us('Pittsburgh', 'Pennsylvania', 'PA', 302, 412),
  us('St. Louis', 'Missouri', 'MO', 301, 314),
  us('Greensboro', 'North Carolina', 'NC', 299, 336),
  us('Jersey City', 'New Jersey', 'NJ', 292, 201),
  us('Anchorage', 'Alaska', 'AK', 291, 907),
  us('Lincoln', 'Nebraska', 'NE', 291, 402),
  us('Plano', 'Texas', 'TX', 285, 972),
  us('Durham', 'North Carolina', 'NC', 284, 919),
  us('Buffalo', 'New York', 'NY', 278, 716),
  us('Chandler', 'Arizona', 'AZ', 275, 480),
  us('Chula Vista', 'California', 'CA', 275, 619),
  us('Toledo', 'Ohio', 'OH', 270, 419),
  us('Madison', 'Wisconsin', 'WI', 269, 608),
  us('Gilbert', 'Arizona', 'AZ', 267, 480),
  us('Reno', 'Nevada', 'NV', 264, 775),
  us('Fort Wayne', 'Indiana', 'IN', 263, 260),
  us('St. Petersburg', 'Florida', 'FL', 258, 727),
  us('Lubbock', 'Texas', 'TX', 257, 806),
  us('Irving', 'Texas', 'TX', 256, 972),
  us('Laredo', 'Texas', 'TX', 255, 956),
  us('Winston-Salem', 'North Carolina', 'NC', 249, 336),
  us('Chesapeake', 'Virginia', 'VA', 249, 757),
  us('Glendale', 'Arizona', 'AZ', 248, 623),
  us('Scottsdale', 'Arizona', 'AZ', 241, 480),
  us('Norfolk', 'Virginia', 'VA', 238, 757),
  us('Boise', 'Idaho', 'ID', 235, 208),
  us('Fremont', 'California', 'CA', 230, 510),
  us('Spokane', 'Washington', 'WA', 228, 509),
  us('Baton Rouge', 'Louisiana', 'LA', 227, 225),
  us('Richmond', 'Virginia', 'VA', 226, 804),
  us('Tacoma', 'Washington', 'WA', 219, 253),
  us('Huntsville', 'Alabama', 'AL', 215, 256),
  us('Des Moines', 'Iowa', 'IA', 214, 515),
  us('Rochester', 'New York', 'NY', 211, 585),
  us('Worcester', 'Massachusetts', 'MA', 206, 508),
  us('Little Rock', 'Arkansas', 'AR', 202, 501),
  us('Birmingham', 'Alabama', 'AL', 200, 205),
  us('Salt Lake City', 'Utah', 'UT', 200, 801),
  us('Grand Rapids', 'Michigan', 'MI', 198, 616),
  us('Sioux Falls', 'South Dakota', 'SD', 192, 605),
  us('Providence', 'Rhode Island', 'RI', 190, 401),
  us('Knoxville', 'Tennessee', 'TN', 190, 865),
  us('Jackson', 'Mississippi', 'MS', 153, 601),
  us('Charleston', 'South Carolina', 'SC', 150, 843),
  us('Bridgeport', 'Connecticut', 'CT', 148, 203),
  us('Columbia', 'South Carolina', 'SC', 136, 803),
  us('Fargo', 'North Dakota', 'ND', 125, 701),
  us('Hartford', 'Connecticut', 'CT', 121, 860),
  us('Cambridge', 'Massachusetts', 'MA', 118, 617),
  us('Billings', 'Montana', 'MT', 117, 406),
  us('Manchester', 'New Hampshire', 'NH', 115, 603),
  us('Boulder', 'Colorado', 'CO', 108, 303),
  us('Wilmington', 'Delaware', 'DE', 70, 302),
  us('Palo Alto', 'California', 'CA', 68, 650),
  us('Portland', 'Maine', 'ME', 68, 207),
  us('Cheyenne', 'Wyoming', 'WY', 65, 307),
  us('Charleston', 'West Virginia', 'WV', 48, 304),
  us('Burlington', 'Vermont', 'VT', 45, 802),
]);

export const UNITED_STATES: SyntheticCountry = {
  name: 'United States',
  code: 'US',
  weight: 0,
  cities: US_CITIES,
  localTld: 'com',
  phoneTailRange: 10_000,
};

/** The few countries the rest of the data comes from; phone prefixes sit in ranges set aside for fiction. */
export const OTHER_COUNTRIES: readonly SyntheticCountry[] = [
  {
    name: 'Canada',
    code: 'CA',
    weight: 30,
    localTld: 'ca',
    phoneTailRange: 10_000,
    cities: cities([
      ['Toronto', 'Ontario', 'ON', 2794, '+1 416 555'],
      ['Montreal', 'Quebec', 'QC', 1762, '+1 514 555'],
      ['Calgary', 'Alberta', 'AB', 1306, '+1 403 555'],
      ['Ottawa', 'Ontario', 'ON', 1017, '+1 613 555'],
      ['Vancouver', 'British Columbia', 'BC', 662, '+1 604 555'],
    ]),
  },
  {
    name: 'United Kingdom',
    code: 'GB',
    weight: 30,
    localTld: 'co.uk',
    phoneTailRange: 1_000,
    cities: cities([
      ['London', 'England', 'ENG', 8866, '+44 20 7946'],
      ['Birmingham', 'England', 'ENG', 1145, '+44 121 496'],
      ['Manchester', 'England', 'ENG', 553, '+44 161 496'],
      ['Edinburgh', 'Scotland', 'SCT', 527, '+44 131 496'],
    ]),
  },
  {
    name: 'Australia',
    code: 'AU',
    weight: 15,
    localTld: 'com.au',
    phoneTailRange: 10_000,
    cities: cities([
      ['Sydney', 'New South Wales', 'NSW', 5312, '+61 2 5550'],
      ['Melbourne', 'Victoria', 'VIC', 5078, '+61 3 5550'],
      ['Brisbane', 'Queensland', 'QLD', 2560, '+61 7 5550'],
    ]),
  },
  {
    name: 'Germany',
    code: 'DE',
    weight: 10,
    localTld: 'de',
    phoneTailRange: 10_000,
    cities: cities([
      ['Berlin', 'Berlin', 'BE', 3645, '+49 30 5550'],
      ['Hamburg', 'Hamburg', 'HH', 1841, '+49 40 5550'],
      ['München', 'Bayern', 'BY', 1472, '+49 89 5550'],
      ['Frankfurt am Main', 'Hessen', 'HE', 753, '+49 69 5550'],
    ]),
  },
  {
    name: 'Ireland',
    code: 'IE',
    weight: 8,
    localTld: 'ie',
    phoneTailRange: 10_000,
    cities: cities([
      ['Dublin', 'County Dublin', 'D', 1173, '+353 1 555'],
      ['Cork', 'County Cork', 'CO', 210, '+353 21 555'],
    ]),
  },
  {
    name: 'Netherlands',
    code: 'NL',
    weight: 7,
    localTld: 'nl',
    phoneTailRange: 10_000,
    cities: cities([
      ['Amsterdam', 'Noord-Holland', 'NH', 873, '+31 20 555'],
      ['Rotterdam', 'Zuid-Holland', 'ZH', 651, '+31 10 555'],
    ]),
  },
];
