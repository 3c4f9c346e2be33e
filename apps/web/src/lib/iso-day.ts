/** A local calendar day as `YYYY-MM-DD`: today's date for a date picker's bounds or a comparison with a stored date. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
