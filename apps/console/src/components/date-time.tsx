import { formatDateTime, formatDateTimeShort, zoneLabel } from "../lib/format";

/** A timestamp as <time>, short in tables; the full value with the zone it is shown in is in the title, and the datetime attribute. */
export function DateTime({ value, short = false }: { value: string | undefined; short?: boolean }) {
  if (!value) return <>—</>;
  return (
    <time dateTime={value} title={`${formatDateTime(value)} (${zoneLabel(new Date(value))})`}>
      {short ? formatDateTimeShort(value) : formatDateTime(value)}
    </time>
  );
}
