/**
 * The dashboard's last-30-days view of usage analytics: counted messages per UTC day, and the
 * split by platform and by tone. Read as the signed-in user (row-level security keeps it to
 * their own events) with the account's summary: `dashboard_summary` calls `message_activity`.
 */
export const ACTIVITY_DAYS = 30;

export type MessageActivity = {
  days: { date: string; messages: number }[];
  total: number;
  byPlatform: { label: string; messages: number }[];
  byTone: { label: string; messages: number }[];
};

export type ActivityRow = { day: string; platform: string; tone: string; messages: number | string };

function ranked(counts: Map<string, number>) {
  return [...counts].map(([label, messages]) => ({ label, messages })).sort((a, b) => b.messages - a.messages || a.label.localeCompare(b.label));
}

export function summarizeActivity(rows: ActivityRow[], now = new Date()): MessageActivity {
  const perDay = new Map<string, number>();
  const perPlatform = new Map<string, number>();
  const perTone = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const messages = Number(row.messages);
    total += messages;
    const day = String(row.day).slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + messages);
    perPlatform.set(row.platform, (perPlatform.get(row.platform) ?? 0) + messages);
    perTone.set(row.tone, (perTone.get(row.tone) ?? 0) + messages);
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, index) => {
    const date = new Date(today - (ACTIVITY_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    return { date, messages: perDay.get(date) ?? 0 };
  });
  return { days, total, byPlatform: ranked(perPlatform), byTone: ranked(perTone) };
}
