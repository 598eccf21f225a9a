// Where generated schools are: each market is a real country with a relative weight (bigger
// education markets get more schools), real cities, the naming style of its institutions and the
// language some of its programmes are taught in.

/** Naming styles, see school-names.ts. */
export type NameStyle =
  | "en"
  | "us"
  | "de"
  | "fr"
  | "es"
  | "it"
  | "nl"
  | "nordic"
  | "fi"
  | "ja"
  | "ko"
  | "zh"
  | "in"
  | "pt"
  | "ar"
  | "city";

export interface SchoolMarket {
  code: string;
  weight: number;
  style: NameStyle;
  /** Language code of the local language some programmes use; "en" when English-speaking. */
  localLanguage: string;
  cities: readonly string[];
}

type MarketRow = readonly [
  code: string,
  weight: number,
  style: NameStyle,
  localLanguage: string,
  cities: string,
];

// Cities are separated by ";" to keep the table compact.
const MARKET_ROWS: readonly MarketRow[] = [
  // The spec's country links and ticker (discovery §2) come first, so small catalogues cover them.
  [
    "US",
    60,
    "us",
    "en",
    "New York;Boston;Chicago;San Francisco;Los Angeles;Seattle;Austin;Philadelphia;Atlanta;Denver;Pittsburgh;Miami;Minneapolis;Nashville;San Diego;Ann Arbor;Portland;Baltimore;Phoenix;Houston;Madison;Raleigh;Salt Lake City;Columbus;St. Louis;Charlotte;Providence;New Haven",
  ],
  [
    "GB",
    40,
    "en",
    "en",
    "London;Manchester;Edinburgh;Glasgow;Birmingham;Leeds;Bristol;Oxford;Cambridge;Liverpool;Nottingham;Sheffield;Cardiff;Belfast;Newcastle upon Tyne;York;Southampton;Bath;Exeter;Aberdeen;Brighton;Leicester;Coventry;Durham",
  ],
  [
    "CA",
    22,
    "en",
    "fr",
    "Toronto;Montreal;Vancouver;Ottawa;Calgary;Edmonton;Quebec City;Winnipeg;Halifax;Victoria;Waterloo;Hamilton;Saskatoon;Kingston",
  ],
  [
    "AU",
    20,
    "en",
    "en",
    "Sydney;Melbourne;Brisbane;Perth;Adelaide;Canberra;Hobart;Gold Coast;Newcastle;Wollongong;Darwin;Townsville;Geelong",
  ],
  [
    "DE",
    24,
    "de",
    "de",
    "Berlin;Munich;Hamburg;Frankfurt am Main;Cologne;Stuttgart;Heidelberg;Düsseldorf;Leipzig;Dresden;Freiburg im Breisgau;Aachen;Bonn;Münster;Göttingen;Hanover;Bremen;Mannheim;Karlsruhe;Tübingen;Nuremberg",
  ],
  [
    "NL",
    12,
    "nl",
    "nl",
    "Amsterdam;Rotterdam;The Hague;Utrecht;Eindhoven;Groningen;Leiden;Maastricht;Delft;Tilburg;Nijmegen;Enschede",
  ],
  ["SG", 6, "en", "en", "Singapore"],
  [
    "FR",
    20,
    "fr",
    "fr",
    "Paris;Lyon;Marseille;Toulouse;Bordeaux;Lille;Nantes;Strasbourg;Montpellier;Grenoble;Rennes;Nice;Dijon;Reims;Rouen",
  ],
  [
    "ES",
    14,
    "es",
    "es",
    "Madrid;Barcelona;Valencia;Seville;Salamanca;Granada;Bilbao;Málaga;Zaragoza;Santiago de Compostela;Pamplona;Alicante;Valladolid;Palma",
  ],
  [
    "IT",
    14,
    "it",
    "it",
    "Rome;Milan;Bologna;Florence;Turin;Naples;Padua;Pisa;Venice;Genoa;Siena;Pavia;Trento;Bari;Palermo",
  ],
  [
    "JP",
    14,
    "ja",
    "ja",
    "Tokyo;Osaka;Kyoto;Nagoya;Fukuoka;Sapporo;Sendai;Kobe;Yokohama;Hiroshima;Tsukuba;Kanazawa",
  ],
  [
    "CH",
    8,
    "de",
    "de",
    "Zurich;Geneva;Lausanne;Basel;Bern;Lucerne;St. Gallen;Lugano;Fribourg;Neuchâtel",
  ],
  ["HK", 6, "en", "zh", "Hong Kong;Kowloon;Sha Tin;Tai Po;Pok Fu Lam"],
  ["FI", 6, "fi", "fi", "Helsinki;Espoo;Tampere;Turku;Oulu;Jyväskylä;Vaasa"],
  ["KR", 10, "ko", "ko", "Seoul;Busan;Daejeon;Incheon;Daegu;Gwangju;Pohang;Suwon;Ulsan"],
  [
    "CN",
    20,
    "zh",
    "zh",
    "Beijing;Shanghai;Guangzhou;Shenzhen;Hangzhou;Nanjing;Wuhan;Chengdu;Xi'an;Tianjin;Harbin;Xiamen;Suzhou;Chongqing;Dalian",
  ],
  [
    "IN",
    20,
    "in",
    "hi",
    "New Delhi;Mumbai;Bengaluru;Chennai;Kolkata;Hyderabad;Pune;Ahmedabad;Jaipur;Kochi;Chandigarh;Lucknow;Indore;Bhubaneswar",
  ],
  [
    "ZA",
    8,
    "en",
    "en",
    "Johannesburg;Cape Town;Pretoria;Durban;Stellenbosch;Gqeberha;Bloemfontein;Makhanda",
  ],
  ["SE", 7, "nordic", "sv", "Stockholm;Gothenburg;Uppsala;Lund;Malmö;Linköping;Umeå;Örebro"],
  // Other markets.
  ["IE", 6, "en", "en", "Dublin;Cork;Galway;Limerick;Maynooth"],
  ["BE", 5, "fr", "fr", "Brussels;Leuven;Ghent;Antwerp;Liège;Louvain-la-Neuve"],
  ["AT", 5, "de", "de", "Vienna;Graz;Innsbruck;Salzburg;Linz"],
  ["DK", 4, "nordic", "da", "Copenhagen;Aarhus;Odense;Aalborg"],
  ["NO", 4, "nordic", "no", "Oslo;Bergen;Trondheim;Tromsø;Stavanger"],
  ["PT", 5, "pt", "pt", "Lisbon;Porto;Coimbra;Braga;Aveiro"],
  ["PL", 5, "city", "pl", "Warsaw;Kraków;Wrocław;Poznań;Gdańsk;Łódź"],
  ["CZ", 3, "city", "cs", "Prague;Brno;Olomouc;Ostrava"],
  ["HU", 3, "city", "hu", "Budapest;Debrecen;Szeged;Pécs"],
  ["GR", 3, "city", "el", "Athens;Thessaloniki;Patras;Heraklion"],
  ["TR", 5, "city", "tr", "Istanbul;Ankara;Izmir;Bursa;Antalya"],
  ["IL", 3, "city", "he", "Tel Aviv;Jerusalem;Haifa;Beersheba"],
  ["AE", 5, "ar", "ar", "Dubai;Abu Dhabi;Sharjah"],
  ["QA", 2, "ar", "ar", "Doha"],
  ["SA", 3, "ar", "ar", "Riyadh;Jeddah;Dhahran"],
  ["MY", 5, "city", "ms", "Kuala Lumpur;George Town;Johor Bahru;Cyberjaya;Kuching"],
  ["TH", 4, "city", "th", "Bangkok;Chiang Mai;Khon Kaen;Phuket"],
  ["ID", 4, "city", "id", "Jakarta;Bandung;Yogyakarta;Surabaya;Denpasar"],
  ["PH", 3, "en", "en", "Manila;Quezon City;Cebu City;Davao City"],
  ["VN", 3, "city", "vi", "Hanoi;Ho Chi Minh City;Da Nang"],
  ["TW", 4, "zh", "zh", "Taipei;Hsinchu;Taichung;Tainan;Kaohsiung"],
  ["NZ", 5, "en", "en", "Auckland;Wellington;Christchurch;Dunedin;Hamilton"],
  ["MX", 6, "es", "es", "Mexico City;Guadalajara;Monterrey;Puebla;Querétaro"],
  [
    "BR",
    7,
    "pt",
    "pt",
    "São Paulo;Rio de Janeiro;Belo Horizonte;Porto Alegre;Brasília;Curitiba;Recife;Campinas",
  ],
  ["AR", 4, "es", "es", "Buenos Aires;Córdoba;Rosario;Mendoza;La Plata"],
  ["CL", 3, "es", "es", "Santiago;Valparaíso;Concepción"],
  ["CO", 3, "es", "es", "Bogotá;Medellín;Cali;Barranquilla"],
  ["PE", 2, "es", "es", "Lima;Arequipa;Cusco"],
  ["NG", 4, "en", "en", "Lagos;Abuja;Ibadan;Enugu"],
  ["KE", 3, "en", "en", "Nairobi;Mombasa;Kisumu;Eldoret"],
  ["EG", 3, "ar", "ar", "Cairo;Alexandria;Giza"],
  ["GH", 2, "en", "en", "Accra;Kumasi;Cape Coast"],
  ["MA", 2, "fr", "fr", "Rabat;Casablanca;Marrakesh;Fez"],
  ["RW", 1, "en", "en", "Kigali"],
  ["ET", 1, "en", "en", "Addis Ababa"],
  ["TZ", 1, "en", "en", "Dar es Salaam;Dodoma;Arusha"],
  ["UG", 1, "en", "en", "Kampala;Entebbe"],
  ["PK", 2, "city", "en", "Lahore;Karachi;Islamabad"],
  ["BD", 1, "city", "en", "Dhaka;Chittagong"],
  ["LK", 1, "city", "en", "Colombo;Kandy"],
  ["EE", 1, "city", "en", "Tallinn;Tartu"],
  ["LT", 1, "city", "en", "Vilnius;Kaunas"],
  ["LV", 1, "city", "en", "Riga"],
  ["RO", 2, "city", "ro", "Bucharest;Cluj-Napoca;Iași"],
  ["HR", 1, "city", "en", "Zagreb;Split"],
  ["SI", 1, "city", "en", "Ljubljana"],
  ["IS", 1, "nordic", "en", "Reykjavík"],
  ["LU", 1, "fr", "fr", "Luxembourg"],
  ["MT", 1, "en", "en", "Msida;Valletta"],
  ["CY", 1, "city", "el", "Nicosia;Limassol"],
  ["PR", 1, "es", "es", "San Juan;Ponce;Mayagüez"],
  ["CR", 1, "es", "es", "San José;Heredia"],
  ["MO", 1, "zh", "zh", "Macao"],
];

export const SCHOOL_MARKETS: readonly SchoolMarket[] = MARKET_ROWS.map(
  ([code, weight, style, localLanguage, cities]) => ({
    code,
    weight,
    style,
    localLanguage,
    cities: cities.split(";"),
  }),
);

/** The spec's country slugs (discovery §2 links and ticker) that must always have schools. */
export const REQUIRED_SCHOOL_COUNTRY_CODES: readonly string[] = [
  "GB",
  "US",
  "CA",
  "AU",
  "DE",
  "NL",
  "SG",
  "FR",
  "ES",
  "IT",
  "JP",
  "CH",
  "HK",
  "FI",
  "KR",
  "CN",
  "IN",
  "ZA",
  "SE",
];
