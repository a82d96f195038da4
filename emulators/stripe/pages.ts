/**
 * The hosted pages a person clicks through — checkout and the customer portal — as plain,
 * accessible HTML: real forms that work without JavaScript, labelled fields, errors announced
 * with role="alert", inline CSS only and no external assets.
 */
import { escapeHtml } from "../html.ts";
import { formatDate } from "./calendar.ts";
import type { SubscriptionObject } from "./objects.ts";

const STYLE = `
  :root { color-scheme: light; --ink: #1a1f36; --muted: #4f566b; --line: #d5dbe5; --accent: #4f46e5;
    --accent-dark: #3730a3; --danger: #b42318; --danger-bg: #fef3f2; --ok-bg: #ecfdf3; --ok: #05603a; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
    background: #f6f8fb; }
  .test-banner { margin: 0; padding: .4rem 1rem; background: #fff4e5; color: #7a4100; font-size: .875rem;
    text-align: center; border-bottom: 1px solid #f5d4a6; }
  main { max-width: 34rem; margin: 2rem auto; padding: 2rem; background: #fff; border: 1px solid var(--line);
    border-radius: 12px; }
  h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 .5rem; }
  h2 { font-size: 1.125rem; margin: 0 0 .25rem; }
  p { margin: .5rem 0; }
  .muted { color: var(--muted); }
  .summary { padding-bottom: 1rem; margin-bottom: 1.5rem; border-bottom: 1px solid var(--line); }
  fieldset { border: 0; padding: 0; margin: 0 0 1rem; }
  legend { font-weight: 600; margin-bottom: .5rem; }
  label { display: block; font-weight: 500; margin: .75rem 0 .25rem; }
  input { width: 100%; padding: .6rem .75rem; font: inherit; color: var(--ink); border: 1px solid #8792a2;
    border-radius: 6px; background: #fff; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 0 1rem; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  button { font: inherit; font-weight: 600; padding: .7rem 1.25rem; border-radius: 6px; cursor: pointer;
    border: 1px solid var(--accent); background: var(--accent); color: #fff; }
  button:hover { background: var(--accent-dark); }
  button.secondary { background: #fff; color: var(--accent-dark); }
  button.danger { background: #fff; color: var(--danger); border-color: var(--danger); }
  .pay { width: 100%; margin-top: 1rem; }
  .alert { padding: .75rem 1rem; border-radius: 6px; border: 1px solid var(--danger); background: var(--danger-bg);
    color: var(--danger); font-weight: 500; }
  .notice { padding: .75rem 1rem; border-radius: 6px; background: var(--ok-bg); color: var(--ok); }
  .hint { font-size: .875rem; color: var(--muted); }
  .links { margin-top: 1.5rem; }
  a { color: var(--accent-dark); }
  .plan { padding: 1rem 0; border-top: 1px solid var(--line); }
  .status { display: inline-block; padding: .1rem .5rem; border-radius: 999px; font-size: .875rem;
    background: #eef2ff; color: var(--accent-dark); }
  .status-past_due, .status-canceled { background: var(--danger-bg); color: var(--danger); }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1rem; }
  .actions form { margin: 0; }
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<p class="test-banner">Test mode — local Stripe emulator. No real payments are made.</p>
<main>
${content}
</main>
</body>
</html>
`;
}

// ——— checkout ———

export interface CheckoutPageModel {
  sessionId: string;
  /** "Tonewise Pro — $14.99 per month" */
  heading: string;
  totalLine: string;
  email: string | null;
  cancelUrl: string | null;
  error?: string;
  form: CardForm;
}

export interface CardForm {
  email: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export function checkoutPage(model: CheckoutPageModel): string {
  const { form } = model;
  const emailField = model.email
    ? `<p>Email <strong>${escapeHtml(model.email)}</strong></p>`
    : `<label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(form.email)}">`;
  const error = model.error
    ? `<p class="alert" role="alert" id="payment-error">${escapeHtml(model.error)}</p>`
    : "";
  const describedBy = model.error ? ` aria-describedby="payment-error"` : "";
  const cancel = model.cancelUrl
    ? `<p class="links"><a href="${escapeHtml(model.cancelUrl)}">Cancel and return to Tonewise</a></p>`
    : "";
  return layout(
    `Subscribe — ${model.heading}`,
    `<section class="summary" aria-labelledby="product">
  <p class="muted">Subscribe to</p>
  <h1 id="product">${escapeHtml(model.heading)}</h1>
  <p class="muted">${escapeHtml(model.totalLine)}</p>
</section>
${error}
<form method="post" action="/checkout/${escapeHtml(model.sessionId)}/pay" novalidate>
  ${emailField}
  <fieldset${describedBy}>
    <legend>Card information</legend>
    <label for="card_number">Card number</label>
    <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required
      aria-describedby="card-hint" value="${escapeHtml(form.cardNumber)}">
    <div class="row">
      <div>
        <label for="card_expiry">Expiry date (MM / YY)</label>
        <input id="card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" required
          value="${escapeHtml(form.expiry)}">
      </div>
      <div>
        <label for="card_cvc">Security code (CVC)</label>
        <input id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" required
          value="${escapeHtml(form.cvc)}">
      </div>
    </div>
    <label for="cardholder_name">Name on card</label>
    <input id="cardholder_name" name="cardholder_name" autocomplete="cc-name" required value="${escapeHtml(form.name)}">
    <p class="hint" id="card-hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</p>
  </fieldset>
  <button type="submit" class="pay">Subscribe</button>
</form>
${cancel}`,
  );
}

/** A page with a heading, a message and an optional link (completed, expired or unknown sessions). */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  const action = link ? `<p class="links"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : "";
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n${action}`);
}

// ——— customer portal ———

export interface PortalPlanModel {
  subscription: SubscriptionObject;
  planName: string;
  priceLine: string;
  periodEnd: number;
  hasOpenInvoice: boolean;
}

export interface PortalPageModel {
  sessionId: string;
  customerEmail: string | null;
  returnUrl: string | null;
  plans: PortalPlanModel[];
}

const STATUS_LABELS: Record<string, string> = { active: "Active", past_due: "Past due", canceled: "Canceled" };

export function portalPage(model: PortalPageModel): string {
  const plans =
    model.plans.length === 0
      ? `<p>You don't have a Tonewise plan yet.</p>`
      : model.plans.map((plan) => portalPlan(model.sessionId, plan)).join("\n");
  const account = model.customerEmail ? `<p class="muted">Signed in as ${escapeHtml(model.customerEmail)}</p>` : "";
  const back = model.returnUrl
    ? `<p class="links"><a href="${escapeHtml(model.returnUrl)}">Return to Tonewise</a></p>`
    : "";
  return layout("Manage your Tonewise plan", `<h1>Manage your Tonewise plan</h1>\n${account}\n${plans}\n${back}`);
}

function portalPlan(sessionId: string, plan: PortalPlanModel): string {
  const sub = plan.subscription;
  const status = String(sub.status);
  const headingId = `plan-${escapeHtml(sub.id)}`;
  const action = (name: string, label: string, style = "secondary") =>
    `<form method="post" action="/portal/${escapeHtml(sessionId)}/subscriptions/${escapeHtml(sub.id)}/${name}">
      <button type="submit" class="${style}">${escapeHtml(label)}</button>
    </form>`;

  const lines: string[] = [];
  const actions: string[] = [];
  if (status === "canceled") {
    lines.push(`<p>Your plan ended on ${formatDate(sub.ended_at ?? plan.periodEnd)}.</p>`);
  } else {
    if (sub.cancel_at_period_end) {
      lines.push(`<p class="notice">Your plan will be canceled on ${formatDate(sub.cancel_at ?? plan.periodEnd)}.</p>`);
      actions.push(action("renew", "Renew plan", ""));
    } else {
      lines.push(`<p>Renews on ${formatDate(plan.periodEnd)}.</p>`);
      actions.push(action("cancel", "Cancel plan"));
    }
    if (status === "past_due" || plan.hasOpenInvoice) {
      lines.push(`<p class="alert" role="alert">Your last payment failed. Update your payment method to keep your plan.</p>`);
      actions.unshift(action("update-payment", "Update payment method", ""));
    }
    actions.push(action("cancel-now", "Cancel immediately", "danger"));
  }
  return `<section class="plan" aria-labelledby="${headingId}">
  <h2 id="${headingId}">${escapeHtml(plan.planName)}</h2>
  <p>${escapeHtml(plan.priceLine)} · <span class="status status-${escapeHtml(status)}">${escapeHtml(STATUS_LABELS[status] ?? status)}</span></p>
  ${lines.join("\n  ")}
  ${actions.length > 0 ? `<div class="actions">${actions.join("\n")}</div>` : ""}
</section>`;
}
