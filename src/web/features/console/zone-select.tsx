import { useMemo } from "react";

interface Props {
  /** The label's and messages' wiring from `Field`. */
  readonly aria: Record<string, unknown>;
  readonly name: string;
  readonly value: string;
  /** Listed first after the value: the business's own zone. */
  readonly preferred: string;
  onChange(zone: string): void;
}

/** A select of IANA zones: the one chosen, then the business's, then every other (as the runtime knows them). */
export function ZoneSelect({ aria, name, value, preferred, onChange }: Props) {
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return [...new Set([value, preferred, ...all].filter(Boolean))];
  }, [value, preferred]);
  return (
    <select {...aria} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, " ")}
        </option>
      ))}
    </select>
  );
}
