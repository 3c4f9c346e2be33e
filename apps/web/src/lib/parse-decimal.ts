/** A number typed into a field; a comma counts as the decimal point. Blank or garbled text is NaN. */
export function parseDecimal(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}
