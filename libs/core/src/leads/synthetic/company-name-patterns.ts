/**
 * Name patterns. Placeholders: {brand} coined brand, {word} a category name word, {surname}, {surname2},
 * {surname3}, {city}, {state}, {agency} a state department, {saint}. `tld` overrides the category's.
 */
export interface NamePattern {
  pattern: string;
  weight: number;
  tld?: string;
}

export const BRAND_HEADS: readonly string[] = `
Bright Blue Summit Apex North Silver Red Iron Clear True Pine Cedar Oak Harbor River Stone Gold Ever Nova
Vertex Pioneer Peak Core Prime Key Beacon Granite Maple Atlas Horizon Crest Sky Sun Star Lake Eagle Falcon
Fox Wolf Bear Cobalt Copper Crystal Deep Elm Echo First Free Green High Hill Lumen Meadow Metro Mid Moss Next
Noble Open Orbit Pacific Park Quantum Quick Rapid Ridge Rock Sage Shore Signal Smart Solid Spark Spring Steel
Swift Terra Tidal Trail Tri Union Valley Vista West White Wild Wind Zen Arrow Birch Bold Brook Canyon Cloud
`
  .trim()
  .split(/\s+/);

export const BRAND_TAILS: readonly string[] = `
path point bridge field stone wave light line view gate works ridge spring wood way mark port rock stream
side crest forge haven land leaf lane scale shift sight star tree well wise vale bay peak
`
  .trim()
  .split(/\s+/);

export const STATE_AGENCIES: readonly string[] = [
  'Transportation',
  'Revenue',
  'Health and Human Services',
  'Labor',
  'Natural Resources',
  'Administration',
  'Commerce',
  'Environmental Quality',
  'Motor Vehicles',
  'Agriculture',
  'Veterans Affairs',
  'Corrections',
];

export const SAINTS: readonly string[] = [
  'Mary',
  'Joseph',
  'Patrick',
  'Anne',
  'Michael',
  'Francis',
  'John',
  'Paul',
  'Luke',
  'Thomas',
  'Catherine',
  'Peter',
];

export const GENERIC_PATTERNS: readonly NamePattern[] = [
  { pattern: '{brand} {word}', weight: 55 },
  { pattern: '{surname} {word}', weight: 15 },
  { pattern: '{city} {word}', weight: 10 },
  { pattern: '{brand}', weight: 10 },
  { pattern: '{surname} & {surname2}', weight: 10 },
];

/** Industries whose organisations are named in their own way. */
export const PATTERNS_BY_INDUSTRY: Readonly<Record<string, readonly NamePattern[]>> = {
  'Government Administration': [
    { pattern: 'City of {city}', weight: 35 },
    { pattern: '{state} Department of {agency}', weight: 35 },
    { pattern: '{city} Housing Authority', weight: 10 },
    { pattern: '{city} Parks and Recreation', weight: 10 },
    { pattern: '{city} Public Works', weight: 10 },
  ],
  'Government Relations': [
    { pattern: '{brand} Public Affairs', weight: 40 },
    { pattern: '{surname} Government Relations', weight: 30 },
    { pattern: '{brand} Strategies', weight: 30 },
  ],
  Military: [
    { pattern: '{state} National Guard', weight: 50 },
    { pattern: '{state} Air National Guard', weight: 30 },
    { pattern: '{city} Military Entrance Processing Station', weight: 20 },
  ],
  'Law Enforcement': [
    { pattern: '{city} Police Department', weight: 50 },
    { pattern: "{city} County Sheriff's Office", weight: 25 },
    { pattern: '{state} State Police', weight: 15 },
    { pattern: '{state} Highway Patrol', weight: 10 },
  ],
  'Public Safety': [
    { pattern: '{city} Fire Department', weight: 45 },
    { pattern: '{city} Fire Rescue', weight: 20 },
    { pattern: '{city} Office of Emergency Management', weight: 20 },
    { pattern: '{city} 911 Communications', weight: 15 },
  ],
  'Legislative Office': [
    { pattern: '{state} State Senate', weight: 35 },
    { pattern: '{state} House of Representatives', weight: 30 },
    { pattern: 'Office of Senator {surname}', weight: 20 },
    { pattern: '{city} City Council', weight: 15 },
  ],
  Judiciary: [
    { pattern: '{state} Supreme Court', weight: 25 },
    { pattern: '{city} Municipal Court', weight: 35 },
    { pattern: '{state} Superior Court', weight: 20 },
    { pattern: '{state} Court of Appeals', weight: 20 },
  ],
  'International Affairs': [
    { pattern: '{brand} Institute for International Affairs', weight: 40 },
    { pattern: '{city} World Affairs Council', weight: 40 },
    { pattern: '{brand} Center for Global Diplomacy', weight: 20 },
  ],
  'Non-Profit Organization Management': [
    { pattern: '{city} Community Foundation', weight: 25, tld: 'org' },
    { pattern: '{brand} Alliance', weight: 20, tld: 'org' },
    { pattern: '{city} Food Bank', weight: 20, tld: 'org' },
    { pattern: 'Friends of {city}', weight: 15, tld: 'org' },
    { pattern: '{brand} Community Services', weight: 20, tld: 'org' },
  ],
  Philanthropy: [
    { pattern: '{surname} Family Foundation', weight: 45, tld: 'org' },
    { pattern: 'The {surname} Foundation', weight: 35, tld: 'org' },
    { pattern: '{brand} Philanthropies', weight: 20, tld: 'org' },
  ],
  'Fund-Raising': [
    { pattern: '{brand} Giving', weight: 40 },
    { pattern: '{brand} Fundraising Partners', weight: 35 },
    { pattern: '{city} Charity Network', weight: 25, tld: 'org' },
  ],
  'Civic & Social Organization': [
    { pattern: '{city} Rotary Club', weight: 25, tld: 'org' },
    { pattern: '{city} Civic League', weight: 20, tld: 'org' },
    { pattern: '{city} Chamber of Commerce', weight: 35, tld: 'org' },
    { pattern: '{brand} Neighborhood Association', weight: 20, tld: 'org' },
  ],
  'Religious Institutions': [
    { pattern: 'First Baptist Church of {city}', weight: 25, tld: 'org' },
    { pattern: '{brand} Community Church', weight: 25, tld: 'org' },
    { pattern: 'St. {saint} Catholic Church', weight: 25, tld: 'org' },
    { pattern: '{city} Jewish Community Center', weight: 10, tld: 'org' },
    { pattern: '{brand} Ministries', weight: 15, tld: 'org' },
  ],
  'Higher Education': [
    { pattern: '{city} Community College', weight: 30, tld: 'edu' },
    { pattern: '{state} State University', weight: 20, tld: 'edu' },
    { pattern: '{surname} College', weight: 20, tld: 'edu' },
    { pattern: '{brand} University', weight: 15, tld: 'edu' },
    { pattern: '{city} Technical College', weight: 15, tld: 'edu' },
  ],
  'Primary/Secondary Education': [
    { pattern: '{city} Unified School District', weight: 25, tld: 'org' },
    { pattern: '{city} Public Schools', weight: 25, tld: 'org' },
    { pattern: '{surname} High School', weight: 15, tld: 'org' },
    { pattern: '{brand} Academy', weight: 15, tld: 'org' },
    { pattern: '{brand} Charter School', weight: 10, tld: 'org' },
    { pattern: '{brand} Elementary School', weight: 10, tld: 'org' },
  ],
  'Education Management': [
    { pattern: '{brand} Learning', weight: 35 },
    { pattern: '{brand} Education Group', weight: 30 },
    { pattern: '{brand} Schools Network', weight: 15, tld: 'org' },
    { pattern: '{brand} Education Partners', weight: 20 },
  ],
  'Law Practice': [
    { pattern: '{surname} & {surname2} LLP', weight: 40 },
    { pattern: '{surname} Law Group', weight: 20 },
    { pattern: '{surname}, {surname2} & {surname3}', weight: 15 },
    { pattern: '{brand} Legal', weight: 15 },
    { pattern: '{surname} Law Firm', weight: 10 },
  ],
  Accounting: [
    { pattern: '{surname} & {surname2} CPAs', weight: 30 },
    { pattern: '{surname} Accounting', weight: 20 },
    { pattern: '{brand} Tax & Accounting', weight: 20 },
    { pattern: '{brand} {word}', weight: 30 },
  ],
  Restaurants: [
    { pattern: '{brand} Grill', weight: 25 },
    { pattern: "{surname}'s Kitchen", weight: 25 },
    { pattern: '{brand} Bistro', weight: 20 },
    { pattern: '{city} Pizza Co.', weight: 10 },
    { pattern: '{brand} Restaurant Group', weight: 20 },
  ],
};

/** Industries with words of their own for `{word}`; the rest use their category's. */
export const NAME_WORDS_BY_INDUSTRY: Readonly<Record<string, readonly string[]>> = {
  'Computer & Network Security': ['Security', 'Cyber', 'Defense', 'Shield'],
  Telecommunications: ['Telecom', 'Communications', 'Wireless', 'Fiber'],
  Semiconductors: ['Semiconductor', 'Micro', 'Silicon'],
  Biotechnology: ['Biosciences', 'Therapeutics', 'Bio', 'Genomics'],
  Pharmaceuticals: ['Pharma', 'Pharmaceuticals', 'Therapeutics'],
  'Medical Devices': ['Medical', 'MedTech', 'Surgical', 'Diagnostics'],
  'Mental Health Care': ['Behavioral Health', 'Counseling', 'Wellness'],
  'Health, Wellness and Fitness': ['Fitness', 'Wellness', 'Yoga', 'Athletic Club'],
  Veterinary: ['Animal Hospital', 'Veterinary Clinic', 'Pet Care'],
  Insurance: ['Insurance', 'Insurance Agency', 'Assurance'],
  Banking: ['Bank', 'Bancorp', 'Savings Bank'],
  'Venture Capital & Private Equity': ['Ventures', 'Capital', 'Equity Partners'],
  'Staffing and Recruiting': ['Staffing', 'Talent', 'Recruiting'],
  'Architecture & Planning': ['Architects', 'Design Studio', 'Architecture'],
  'Civil Engineering': ['Engineering', 'Engineers', 'Infrastructure'],
  Printing: ['Printing', 'Press', 'Print'],
  Photography: ['Photography', 'Studios'],
  Music: ['Music', 'Records', 'Sound'],
  'Food & Beverages': ['Foods', 'Beverage Co.', 'Brewing'],
  'Wine and Spirits': ['Vineyards', 'Winery', 'Distillery', 'Cellars'],
  Automotive: ['Motors', 'Automotive', 'Auto Group'],
  'Apparel & Fashion': ['Apparel', 'Clothing', 'Fashion'],
  Supermarkets: ['Market', 'Foods', 'Grocery'],
  'Real Estate': ['Realty', 'Properties', 'Real Estate', 'Homes'],
  'Commercial Real Estate': ['Properties', 'Commercial Realty', 'Real Estate Partners'],
  Construction: ['Construction', 'Builders', 'Contracting'],
  'Transportation/Trucking/Railroad': ['Trucking', 'Transport', 'Freight'],
  Warehousing: ['Warehousing', 'Distribution', 'Storage'],
  Maritime: ['Marine', 'Maritime', 'Shipping'],
  'Airlines/Aviation': ['Air', 'Airways', 'Aviation'],
  'Oil & Energy': ['Energy', 'Oil & Gas', 'Petroleum', 'Resources'],
  Utilities: ['Utilities', 'Power', 'Electric', 'Water'],
  'Renewables & Environment': ['Solar', 'Renewables', 'Wind', 'Clean Energy'],
  Hospitality: ['Hotels', 'Hospitality', 'Resorts', 'Inn'],
  Sports: ['Athletics', 'Sports'],
  'Museums and Institutions': ['Museum', 'Art Museum', 'History Center'],
  Libraries: ['Library', 'Public Library'],
  Farming: ['Farms', 'Growers', 'Harvest'],
  Ranching: ['Ranch', 'Cattle Co.'],
  Dairy: ['Dairy', 'Creamery'],
  Fishery: ['Seafood', 'Fisheries'],
};
