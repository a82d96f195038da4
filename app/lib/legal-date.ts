export type LegalDocument = {
  title: string;
  description: string;
  lastUpdated: string;
  html: string;
};

/** "17 October 2025". */
export function formatLegalDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
