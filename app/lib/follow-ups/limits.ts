/**
 * The per-user limits of follow-up reminders, as the API, the dashboard's forms and the database
 * (its trigger) enforce them. Without zod, so the extension can import them too: its labels,
 * links and syncs keep within the same numbers.
 */
export const FOLLOW_UP_LIMITS = {
  labelMax: 120,
  urlMax: 2048,
  /** Open reminders per user (the database refuses the 201st). */
  maxOpen: 200,
  /** Reminders per user in all; done ones are removed 90 days after completion. */
  maxTotal: 1000,
  /** The highest follow-up number a sequence can reach. */
  maxNumber: 20,
  /** How far ahead a reminder can be set. */
  maxDaysAhead: 366,
} as const;
