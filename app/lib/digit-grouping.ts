/**
 * A number rounded to a whole one and written as en-US writes it ("5,000", "-1,234,567"), without
 * Intl: the first Intl formatter a page makes loads the browser's locale data, which took 1–5 ms
 * on a fast machine (four times that on a slow phone) in the middle of the dashboard's first
 * script run, for commas every three digits (decision 058).
 */
export function groupDigits(value: number): string {
  const rounded = Math.round(value);
  const grouped = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return rounded < 0 ? `-${grouped}` : grouped;
}
