/**
 * Zone → ISO 3166 country code for the common zones, so the time-zone search also finds
 * "India" or "Deutschland" (country names come from Intl.DisplayNames in the visitor's language).
 * Loaded lazily, the first time the picker opens, with the cities' names in the visitor's language
 * (core/shared/zone-cities.ts).
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

export { localCity, type LocalCity } from "../../../core/shared/zone-cities.ts";
