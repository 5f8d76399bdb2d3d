import { formatDateTime, formatDateTimeShort } from "../lib/format";

/** A timestamp as <time>, short in tables; the full value is in the title and datetime attribute. */
export function DateTime({ value, short = false }: { value: string | undefined; short?: boolean }) {
  if (!value) return <>—</>;
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {short ? formatDateTimeShort(value) : formatDateTime(value)}
    </time>
  );
}
