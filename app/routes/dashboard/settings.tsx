import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { Field, inputClasses, OptionSelect } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { useValidatedForm } from "~/components/use-validated-form";
import { MESSAGE_TYPES, messageTypeLabels, TONES, toneLabels } from "~/content/preferences";
import { settingsSchema } from "~/lib/settings-schemas";
import { dashboardUser } from "~/lib/dashboard-guard.server";
import { dashboardSummary } from "~/lib/dashboard-summary.server";
import { invalidSubmission, validateForm } from "~/lib/form-validation.server";
import { getSupabase } from "~/lib/session.server";
import { adoptBrowserTimeZone, saveSettings, timeZoneOptions, type StoredSettings } from "~/lib/settings.server";
import { flashToast } from "~/lib/toast.server";
import type { Route } from "./+types/settings";
import { dashboardMeta } from "~/lib/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { settings } = await dashboardSummary(request, context);
  return { settings, timeZones: timeZoneOptions() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "adopt-time-zone") {
    // The dashboard's first visit with JavaScript: the browser's zone, for an account without one.
    const timeZone = formData.get("timeZone");
    const error = typeof timeZone === "string" ? await adoptBrowserTimeZone(getSupabase(context), dashboardUser(context).id, timeZone) : null;
    if (error) console.error(`Time zone save failed: ${error}`);
    return null;
  }
  const validated = validateForm(context, formData, settingsSchema);
  if (!validated.ok) return invalidSubmission({ result: validated.result });
  const error = await saveSettings(getSupabase(context), dashboardUser(context).id, validated.value);
  if (error) {
    console.error(`Settings save failed: ${error}`);
    flashToast(context, { variant: "destructive", title: "Error", description: "Failed to save settings" });
    return { result: validated.submission.reply() };
  }
  flashToast(context, { variant: "success", title: "Settings saved", description: "Your preferences have been updated." });
  return { result: validated.submission.reply({ resetForm: true }) };
}

export const meta = () => dashboardMeta("Settings", "How the Tonewise extension writes for you: tone, message type, notifications and time zone.");

/**
 * What each control starts from: what was sent, when the server sent the form back (refused, or
 * not saved), so nothing the user chose is lost; otherwise what is stored. A box left unticked is
 * not sent at all, so it starts unticked then.
 */
function startingValues(stored: StoredSettings, sent: Record<string, unknown> | null | undefined) {
  if (!sent) return stored;
  const text = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string) : undefined);
  return {
    notifications: sent.notifications === "on",
    defaultTone: text("defaultTone") ?? "",
    defaultMessageType: text("defaultMessageType") ?? "",
    usageAnalytics: sent.usageAnalytics === "on",
    // An empty choice ("Not set yet") is not sent back: the stored zone, which is none then.
    timeZone: text("timeZone") ?? stored.timeZone,
  };
}

/** The list follows the stored zone (none yet, or one this runtime does not list); `value` is the one selected. */
function TimeZoneField({
  stored,
  value,
  zones,
  errors,
}: {
  stored: string | null;
  value: string | null;
  zones: Route.ComponentProps["loaderData"]["timeZones"];
  errors: string[] | undefined;
}) {
  return (
    <Field id="timeZone" label="Time zone" errors={errors} hint="Suggested follow-up times are 9:00 in the morning on business days, in this time zone.">
      {(aria) => (
        <select {...aria} name="timeZone" defaultValue={value ?? ""} className={inputClasses(!!aria["aria-invalid"])}>
          {stored === null ? <option value="">Not set yet (UTC)</option> : null}
          {stored !== null && !zones.some((group) => group.zones.some((zone) => zone.id === stored)) ? <option value={stored}>{stored}</option> : null}
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
      )}
    </Field>
  );
}

export default function Settings({ loaderData: { settings, timeZones }, actionData }: Route.ComponentProps) {
  const lastResult = actionData?.result;
  const { form, fields, onSubmit } = useValidatedForm({ id: "settings", schema: settingsSchema, lastResult });
  const start = startingValues(settings, lastResult?.initialValue);
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
      <Form
        method="post"
        key={formKey}
        {...getFormProps(form)}
        onSubmit={onSubmit}
        className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <Switch
          id="notifications"
          name={fields.notifications.name}
          label="Notifications"
          description="Follow-up reminders and tips from the extension."
          defaultChecked={start.notifications}
          errors={fields.notifications.errors}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <OptionSelect
            id={fields.defaultTone.name}
            label="Default tone"
            defaultValue={start.defaultTone}
            options={TONES}
            labels={toneLabels}
            errors={fields.defaultTone.errors}
          />
          <OptionSelect
            id={fields.defaultMessageType.name}
            label="Default message type"
            defaultValue={start.defaultMessageType}
            options={MESSAGE_TYPES}
            labels={messageTypeLabels}
            errors={fields.defaultMessageType.errors}
          />
        </div>
        <TimeZoneField key={timeZone ?? ""} stored={timeZone} value={start.timeZone} zones={timeZones} errors={fields.timeZone.errors} />
        <Switch
          id="usageAnalytics"
          name={fields.usageAnalytics.name}
          label="Usage analytics"
          description="Keep the details of each suggestion (tone, message type, platform, length and timing, never the text) for your 30-day activity chart."
          defaultChecked={start.usageAnalytics}
          errors={fields.usageAnalytics.errors}
        />
        <div className="border-t border-slate-200 pt-6">
          <SubmitButton className="w-full sm:w-auto">Save Settings</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
