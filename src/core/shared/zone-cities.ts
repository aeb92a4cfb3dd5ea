/**
 * A zone's city as each of the product's languages names it where that is not the English name
 * ("Wien", "Warschau", "Varsovie"): the booking page's time-zone picker shows and searches them
 * (loaded with its lazy chunk), e-mails name the visitor's zone with them.
 */
import { zoneCity, zoneLongName } from "./zone-labels.ts";
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

/** "New York (Eastern Daylight Time)", "Wien (Mitteleuropäische Sommerzeit)": a zone as an e-mail names it. */
export function zoneLabel(zone: string, at: Date, languageTag: string): string {
  const city = localCity(zone, languageTag).name ?? zoneCity(zone);
  return `${city} (${zoneLongName(zone, at, languageTag)})`;
}
