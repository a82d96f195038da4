import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { inputClasses } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { MESSAGE_TYPES, messageTypeLabels, TONES, toneLabels } from "~/content/preferences";
import { settingsSchema } from "~/lib/auth-schemas";
import { dashboardUser } from "~/lib/dashboard-guard.server";
import { getSupabase } from "~/lib/session.server";
import { adoptBrowserTimeZone, loadSettings, saveSettings, timeZoneOptions } from "~/lib/settings.server";
import { parseFormSubmission } from "~/lib/form-validation.server";
import { flashToast } from "~/lib/toast.server";
import type { Route } from "./+types/settings";
import { dashboardMeta } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await loadSettings(getSupabase(context), dashboardUser(context).id), timeZones: timeZoneOptions() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "adopt-time-zone") {
    // The dashboard's first visit with JavaScript: the browser's zone, for an account without one.
    const timeZone = formData.get("timeZone");
    if (typeof timeZone === "string") await adoptBrowserTimeZone(getSupabase(context), dashboardUser(context).id, timeZone);
    return null;
  }
  const submission = parseFormSubmission(formData, settingsSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please check your settings";
    flashToast(context, { variant: "destructive", title: "Validation Error", description: message });
    return null;
  }
  const error = await saveSettings(getSupabase(context), dashboardUser(context).id, submission.value);
  if (error) {
    console.error(`Settings save failed: ${error}`);
    flashToast(context, { variant: "destructive", title: "Error", description: "Failed to save settings" });
  } else {
    flashToast(context, { variant: "success", title: "Settings saved", description: "Your preferences have been updated." });
  }
  return null;
}

export const meta = () => dashboardMeta("Settings", "How the Tonewise extension writes for you: tone, message type, notifications and time zone.");

function SelectField<Option extends string>({
  id,
  label,
  value,
  options,
  labels,
}: {
  id: string;
  label: string;
  value: Option;
  options: readonly Option[];
  labels: Record<Option, string>;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={id} defaultValue={value} className={inputClasses(false, "mt-1.5")}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

function TimeZoneField({ value, zones }: { value: string | null; zones: Route.ComponentProps["loaderData"]["timeZones"] }) {
  return (
    <div>
      <label htmlFor="timeZone" className="block text-sm font-medium text-slate-800">
        Time zone
      </label>
      <select id="timeZone" name="timeZone" defaultValue={value ?? ""} aria-describedby="timeZone-hint" className={inputClasses(false, "mt-1.5")}>
        {value === null ? <option value="">Not set yet (UTC)</option> : null}
        {value !== null && !zones.some((group) => group.zones.some((zone) => zone.id === value)) ? <option value={value}>{value}</option> : null}
        {zones.map((group) => (
          <optgroup key={group.region} label={group.region}>
            {group.zones.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p id="timeZone-hint" className="mt-1.5 text-sm text-slate-600">
        Follow-up reminders are due at 9:00 in the morning, on business days, in this time zone.
      </p>
    </div>
  );
}

export default function Settings({ loaderData: { settings, timeZones } }: Route.ComponentProps) {
  // After a save the form starts again from what was stored. The time zone is left out: the
  // browser's zone can be stored while someone is editing (the dashboard's first visit), which
  // must not throw their edits away; only the time zone's own list starts again then.
  const { timeZone, ...preferences } = settings;
  const formKey = JSON.stringify(preferences);
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-slate-600">Choose how the Tonewise extension behaves for you.</p>
      </header>
      <Form method="post" key={formKey} className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <Switch
          id="notifications"
          name="notifications"
          label="Notifications"
          description="Follow-up reminders and tips from the extension."
          defaultChecked={settings.notifications}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <SelectField id="defaultTone" label="Default tone" value={settings.defaultTone} options={TONES} labels={toneLabels} />
          <SelectField
            id="defaultMessageType"
            label="Default message type"
            value={settings.defaultMessageType}
            options={MESSAGE_TYPES}
            labels={messageTypeLabels}
          />
        </div>
        <TimeZoneField key={timeZone ?? ""} value={timeZone} zones={timeZones} />
        <Switch
          id="usageAnalytics"
          name="usageAnalytics"
          label="Usage analytics"
          description="Share anonymous usage statistics to help us improve Tonewise."
          defaultChecked={settings.usageAnalytics}
        />
        <div className="border-t border-slate-200 pt-6">
          <SubmitButton className="w-full sm:w-auto">Save Settings</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
