import { useLingui } from "@lingui/react";
import { useId, useMemo, useRef, useState } from "react";
import { zoneCity, zoneLongName, zoneOffset, zoneShortName } from "./dates.ts";
import type { localCity as LocalCityOf } from "./zone-countries.ts";

interface ZoneOption {
  zone: string;
  label: string;
  /** City and country, lower case: a match at their start ranks first. */
  names: string[];
  /** Lower-case text the search matches: zone id, city, long and short names, offset. */
  haystack: string;
}

type CountryTable = { readonly ZONE_COUNTRIES: ReadonlyMap<string, string>; readonly localCity: typeof LocalCityOf };

/** Lower case without accents: "Zurich" finds "Zürich", "sao paulo" "São Paulo". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Old zone names browsers still report (ADR 0003) → today's city name, so "Kolkata" finds Asia/Calcutta. */
const ZONE_ALIASES: Readonly<Record<string, string>> = {
  "Asia/Calcutta": "Kolkata",
  "Asia/Saigon": "Ho Chi Minh",
  "Asia/Katmandu": "Kathmandu",
  "Asia/Rangoon": "Yangon",
  "Europe/Kiev": "Kyiv",
  "America/Buenos_Aires": "Buenos Aires",
  "Atlantic/Faeroe": "Faroe",
  "Pacific/Truk": "Chuuk",
};
const cityOf = (zone: string) => ZONE_ALIASES[zone] ?? zoneCity(zone);

function allZones(languageTag: string, at: Date, countries: CountryTable | null): ZoneOption[] {
  let regionNames: Intl.DisplayNames | null = null;
  try {
    regionNames = new Intl.DisplayNames([languageTag], { type: "region" });
  } catch {
    regionNames = null;
  }
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  if (!zones.includes("UTC")) zones.push("UTC");
  return zones.map((zone) => {
    const offset = zoneOffset(zone, at);
    const long = zoneLongName(zone, at, languageTag);
    const short = zoneShortName(zone, at, languageTag);
    const english = cityOf(zone);
    // The city as the visitor's language names it ("Wien"), once the table is in; every language's names are searched.
    const local = countries?.localCity(zone, languageTag);
    const city = local?.name ?? english;
    const code = countries?.ZONE_COUNTRIES.get(zone);
    const country = code ? (regionNames?.of(code) ?? "") : "";
    const label = `${city}${country ? `, ${country}` : ""} · ${long} (${offset})`;
    // "GMT+5:30" is also found as "+5:30", "+05:30" and "utc+5:30".
    const offsetForms = [
      offset,
      offset.replace("GMT", "UTC"),
      offset.replace("GMT", ""),
      offset.replace(/([+-])(\d)(?!\d)/, "$10$2"),
    ];
    return {
      zone,
      label,
      names: [city, english, ...(local?.allNames ?? []), country].map(folded),
      haystack: folded(
        [zone, city, english, ...(local?.allNames ?? []), country, code ?? "", long, short, ...offsetForms].join(" "),
      ),
    };
  });
}

const MAX_RESULTS = 50;

/**
 * A searchable list of every IANA zone (ARIA 1.2 combobox with a listbox popup): by city, zone id,
 * long name, abbreviation or offset. The list is built the first time the visitor opens it.
 */
export function TimeZonePicker({
  value,
  languageTag,
  onChange,
}: {
  value: string;
  languageTag: string;
  onChange(zone: string): void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [zones, setZones] = useState<ZoneOption[] | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const current = useMemo(() => `${cityOf(value)} (${zoneOffset(value, new Date())})`, [value]);

  const results = useMemo(() => {
    if (!zones) return [];
    const terms = folded(query).trim().split(/\s+/).filter(Boolean);
    const rank = (z: ZoneOption) =>
      terms.length === 0
        ? 0
        : z.names.some((n) => n.startsWith(terms[0]!))
          ? 0
          : z.haystack.includes(` ${terms[0]}`)
            ? 1
            : 2;
    return zones
      .filter((z) => terms.every((t) => z.haystack.includes(t)))
      .map((z, i) => ({ z, key: rank(z) * 100_000 + i }))
      .sort((a, b) => a.key - b.key)
      .slice(0, MAX_RESULTS)
      .map(({ z }) => z);
  }, [zones, query]);

  const open = () => {
    if (!zones) {
      setZones(allZones(languageTag, new Date(), null));
      // The country table is a separate chunk: the list works at once and gains countries a moment later.
      void import("./zone-countries.ts").then((table) => setZones(allZones(languageTag, new Date(), table)));
    }
    setOpen(true);
    setActive(0);
  };
  const choose = (zone: string) => {
    onChange(zone);
    setOpen(false);
    setQuery("");
    inputRef.current?.focus();
  };
  const listId = `${id}-list`;
  return (
    <div className="tz-picker">
      <label htmlFor={`${id}-input`} className="tz-picker__label">
        {i18n._("widget.timezone.label")}
      </label>
      <div className="tz-picker__control">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className="tz-picker__icon">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path
            d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={`${id}-current`}
          aria-activedescendant={isOpen && results[active] ? `${id}-opt-${active}` : undefined}
          placeholder={current}
          value={query}
          onFocus={open}
          onClick={open}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            if (!isOpen) open();
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              if (!isOpen) open();
              else setActive((a) => Math.min(results.length - 1, a + 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === "Enter" && isOpen && results[active]) {
              e.preventDefault();
              choose(results[active].zone);
            } else if (e.key === "Escape") {
              setOpen(false);
              setQuery("");
            }
          }}
        />
      </div>
      <p id={`${id}-current`} className="visually-hidden">
        {i18n._("widget.timezone.current", { zone: current })}
      </p>
      <ul
        id={listId}
        role="listbox"
        className="tz-picker__list"
        // Chromium makes a scrolling box a Tab stop; this list is reached from its field with the arrow keys.
        tabIndex={-1}
        hidden={!isOpen}
        aria-label={i18n._("widget.timezone.label")}
      >
        {isOpen && results.length === 0 ? (
          <li role="option" aria-selected="false" aria-disabled="true" className="tz-picker__empty">
            {i18n._("widget.timezone.none")}
          </li>
        ) : null}
        {isOpen
          ? results.map((z, i) => (
              <li
                key={z.zone}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={z.zone === value}
                className={`tz-picker__option${i === active ? " tz-picker__option--active" : ""}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(z.zone)}
              >
                {z.label}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
