/**
 * Zone → ISO 3166 country code for the common zones, so the time-zone search also finds
 * "India" or "Deutschland" (country names come from Intl.DisplayNames in the visitor's language).
 * Loaded lazily, the first time the picker opens, with the cities' names in the visitor's language (below).
 */
const TABLE =
  "Europe/Berlin DE,Europe/London GB,Europe/Paris FR,Europe/Madrid ES,Europe/Rome IT,Europe/Amsterdam NL,Europe/Brussels BE,Europe/Vienna AT,Europe/Zurich CH,Europe/Copenhagen DK,Europe/Stockholm SE,Europe/Oslo NO,Europe/Helsinki FI,Europe/Warsaw PL,Europe/Prague CZ,Europe/Budapest HU,Europe/Lisbon PT,Europe/Dublin IE,Europe/Athens GR,Europe/Istanbul TR,Europe/Kiev UA,Europe/Kyiv UA,Europe/Bucharest RO,Europe/Sofia BG,Europe/Belgrade RS,Europe/Zagreb HR,Europe/Ljubljana SI,Europe/Bratislava SK,Europe/Vilnius LT,Europe/Riga LV,Europe/Tallinn EE,Europe/Luxembourg LU,Europe/Moscow RU,Atlantic/Reykjavik IS," +
  "America/New_York US,America/Chicago US,America/Denver US,America/Phoenix US,America/Los_Angeles US,America/Anchorage US,Pacific/Honolulu US,America/Toronto CA,America/Vancouver CA,America/Edmonton CA,America/Winnipeg CA,America/Halifax CA,America/St_Johns CA,America/Mexico_City MX,America/Bogota CO,America/Lima PE,America/Santiago CL,America/Buenos_Aires AR,America/Argentina/Buenos_Aires AR,America/Sao_Paulo BR,America/Manaus BR,America/Caracas VE,America/Montevideo UY,America/Panama PA,America/Havana CU,America/Puerto_Rico PR," +
  "Asia/Calcutta IN,Asia/Kolkata IN,Asia/Tokyo JP,Asia/Seoul KR,Asia/Shanghai CN,Asia/Hong_Kong HK,Asia/Taipei TW,Asia/Singapore SG,Asia/Bangkok TH,Asia/Jakarta ID,Asia/Manila PH,Asia/Kuala_Lumpur MY,Asia/Saigon VN,Asia/Ho_Chi_Minh VN,Asia/Dubai AE,Asia/Karachi PK,Asia/Dhaka BD,Asia/Katmandu NP,Asia/Kathmandu NP,Asia/Colombo LK,Asia/Rangoon MM,Asia/Yangon MM,Asia/Tehran IR,Asia/Jerusalem IL,Asia/Riyadh SA,Asia/Qatar QA,Asia/Baghdad IQ,Asia/Tashkent UZ,Asia/Almaty KZ," +
  "Africa/Cairo EG,Africa/Lagos NG,Africa/Nairobi KE,Africa/Johannesburg ZA,Africa/Casablanca MA,Africa/Algiers DZ,Africa/Tunis TN,Africa/Accra GH,Africa/Addis_Ababa ET," +
  "Australia/Sydney AU,Australia/Melbourne AU,Australia/Brisbane AU,Australia/Perth AU,Australia/Adelaide AU,Australia/Darwin AU,Australia/Hobart AU,Pacific/Auckland NZ,Pacific/Fiji FJ";

export const ZONE_COUNTRIES: ReadonlyMap<string, string> = new Map(
  TABLE.split(",").map((entry) => entry.split(" ") as [string, string]),
);

/** The languages of the city names below (pt serves pt and pt-br). */
const CITY_LANGUAGES = ["da", "de", "es", "fr", "hu", "it", "nl", "pl", "pt"] as const;

/**
 * A zone's city in the visitor's language where it is not the English name: "Wien", "Warszawa",
 * "Varsovie". Columns in CITY_LANGUAGES order, empty where the English name is used; "a/b" gives a
 * second name that is also searched (pt-PT/pt-BR). Every language's names are searched, so "Warschau"
 * finds Warsaw on an English page too.
 */
const CITY_TABLE = [
  "Europe/Vienna|Wien|Wien|Viena|Vienne|Bécs|Vienna|Wenen|Wiedeń|Viena",
  "Europe/Warsaw|Warszawa|Warschau|Varsovia|Varsovie|Varsó|Varsavia|Warschau|Warszawa|Varsóvia",
  "Europe/Prague|Prag|Prag|Praga|Prague|Prága|Praga|Praag|Praga|Praga",
  "Europe/Rome|Rom|Rom|Roma|Rome|Róma|Roma|Rome|Rzym|Roma",
  "Europe/Lisbon|Lissabon|Lissabon|Lisboa|Lisbonne|Lisszabon|Lisbona|Lissabon|Lizbona|Lisboa",
  "Europe/Copenhagen|København|Kopenhagen|Copenhague|Copenhague|Koppenhága|Copenaghen|Kopenhagen|Kopenhaga|Copenhaga/Copenhague",
  "Europe/Brussels|Bruxelles|Brüssel|Bruselas|Bruxelles|Brüsszel|Bruxelles|Brussel|Bruksela|Bruxelas",
  "Europe/Athens|Athen|Athen|Atenas|Athènes|Athén|Atene|Athene|Ateny|Atenas",
  "Europe/Moscow|Moskva|Moskau|Moscú|Moscou|Moszkva|Mosca|Moskou|Moskwa|Moscovo/Moscou",
  "Europe/Bucharest|Bukarest|Bukarest|Bucarest|Bucarest|Bukarest|Bucarest|Boekarest|Bukareszt|Bucareste",
  "Europe/Belgrade|Beograd|Belgrad|Belgrado|Belgrade|Belgrád|Belgrado|Belgrado|Belgrad|Belgrado",
  "Europe/Kyiv|Kyiv|Kiew|Kiev|Kyiv|Kijev|Kiev|Kiev|Kijów|Kiev",
  "Europe/Kiev|Kyiv|Kiew|Kiev|Kyiv|Kijev|Kiev|Kiev|Kijów|Kiev",
  "Europe/Zurich|Zürich|Zürich|Zúrich|Zurich|Zürich|Zurigo|Zürich|Zurych|Zurique",
  "Europe/London|||Londres|Londres||Londra|Londen|Londyn|Londres",
  "Europe/Paris|||París||Párizs|Parigi|Parijs|Paryż|",
  "Europe/Berlin|||Berlín|||Berlino|Berlijn||Berlim",
  "Europe/Stockholm|||Estocolmo|||Stoccolma||Sztokholm|Estocolmo",
  "Europe/Budapest||||||||Budapeszt|Budapeste",
  "Europe/Sofia|||Sofía||Szófia|||Sofia|Sófia",
  "Europe/Vilnius||||||||Wilno|",
  "Europe/Istanbul|||Estambul||Isztambul|||Stambuł|Istambul",
  "Europe/Luxembourg||Luxemburg|Luxemburgo|||Lussemburgo|Luxemburg|Luksemburg|Luxemburgo",
  "Europe/Dublin||||||Dublino|||",
  "America/New_York|||Nueva York|||||Nowy Jork|Nova Iorque/Nova York",
  "America/Mexico_City||Mexiko-Stadt|Ciudad de México|Mexico|Mexikóváros|Città del Messico|Mexico-Stad|Meksyk|Cidade do México",
  "America/Havana||Havanna|La Habana|La Havane|Havanna|L’Avana||Hawana|",
  "America/Bogota|||Bogotá||Bogotá||||Bogotá",
  "America/Sao_Paulo|São Paulo|São Paulo|São Paulo|São Paulo|São Paulo|San Paolo|São Paulo|São Paulo|São Paulo",
  "Asia/Tokyo||Tokio|Tokio||Tokió||Tokio|Tokio|Tóquio",
  "Asia/Seoul|||Seúl|Séoul|Szöul|||Seul|Seul",
  "Asia/Shanghai||Schanghai|Shanghái||Sanghaj|||Szanghaj|Xangai",
  "Asia/Singapore||Singapur|Singapur|Singapour|Szingapúr|||Singapur|Singapura",
  "Asia/Jerusalem|||Jerusalén|Jérusalem|Jeruzsálem|Gerusalemme|Jeruzalem|Jerozolima|Jerusalém",
  "Asia/Tehran||Teheran|Teherán|Téhéran|Teherán|Teheran|Teheran|Teheran|Teerão/Teerã",
  "Asia/Riyadh||Riad|Riad|Riyad|Rijád|Riad||Rijad|Riade",
  "Asia/Jakarta||||||||Dżakarta|Jacarta",
  "Asia/Dubai|||Dubái||Dubaj|||Dubaj|",
  "Asia/Kolkata||Kalkutta|Calcuta||Kalkutta|||Kalkuta|Calcutá",
  "Asia/Calcutta||Kalkutta|Calcuta||Kalkutta|||Kalkuta|Calcutá",
  "Africa/Cairo|Kairo|Kairo|El Cairo|Le Caire|Kairó|Il Cairo|Caïro|Kair|Cairo",
  "Africa/Algiers||Algier|Argel|Alger|Algír|Algeri||Algier|Argel",
  "Africa/Tunis|||Túnez||Tunisz|Tunisi|||Tunes",
  "Africa/Addis_Ababa||Addis Abeba|Adís Abeba|Addis-Abeba||Addis Abeba|Addis Abeba|Addis Abeba|Adis Abeba",
];

export interface LocalCity {
  /** The city in the page's language, or null where it is the English name. */
  readonly name: string | null;
  /** Every language's names of it, for the search. */
  readonly allNames: readonly string[];
}

const CITY_NAMES: ReadonlyMap<string, readonly string[]> = new Map(
  CITY_TABLE.map((row) => {
    const [zone, ...names] = row.split("|") as [string, ...string[]];
    return [zone, names];
  }),
);

/** A zone's city in the language of `languageTag` ("de-AT" → de, "pt-BR" → pt, its second name if any). */
export function localCity(zone: string, languageTag: string): LocalCity {
  const names = CITY_NAMES.get(zone);
  if (!names) return { name: null, allNames: [] };
  const [language, region] = languageTag.toLowerCase().split("-") as [string, string | undefined];
  const column = CITY_LANGUAGES.indexOf(language as (typeof CITY_LANGUAGES)[number]);
  const entry = column >= 0 ? (names[column] ?? "") : "";
  const variants = entry.split("/");
  const name = (language === "pt" && region === "br" ? variants[1] : undefined) ?? variants[0] ?? "";
  return { name: name || null, allNames: names.flatMap((n) => n.split("/")).filter(Boolean) };
}
