import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Every page of the product, by area and each path written out, plus resource routes. */
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    ...prefix("blog", [
      index("routes/blog/index.tsx"),
      route(":slug", "routes/blog/article.tsx"),
    ]),
    route("terms", "routes/legal/terms.tsx"),
    route("privacy", "routes/legal/privacy.tsx"),
    route("extension/download", "routes/public/extension-download.tsx"),
  ]),
  route("app", "routes/app-redirect.ts"),

  ...prefix("auth", [
    index("routes/auth/auth.tsx"),
    route("confirm", "routes/auth/confirm.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("sign-out", "routes/auth/sign-out.ts"),
  ]),

  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx"),
    route("follow-ups", "routes/dashboard/follow-ups.tsx"),
    route("subscription", "routes/dashboard/subscription.tsx"),
    route("settings", "routes/dashboard/settings.tsx"),
    route("account", "routes/dashboard/account.tsx"),
  ]),

  // The browser extension's hand-over
  ...prefix("extension", [
    route("connect", "routes/extension/connect.tsx"),
    route("connected", "routes/extension/connected.tsx"),
  ]),

  // Resources
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("blog/rss.xml", "routes/resources/rss.ts"),

  // The API: every JSON endpoint lives under routes/api/. The landing page's live count and
  // Stripe's webhook first, then what the extension calls (Bearer access tokens or the session).
  route("api/platform-stats", "routes/api/platform-stats.ts"),
  route("api/webhooks/stripe", "routes/api/stripe-webhook.ts"),
  // CORS for these is the root's apiCorsMiddleware, so that early refusals (413, 403) carry it too.
  route("api/v1/optimize", "routes/api/v1/optimize.ts"),
  route("api/v1/me", "routes/api/v1/me.ts"),
  route("api/v1/follow-ups", "routes/api/v1/follow-ups.ts"),
  route("api/v1/follow-ups/:id", "routes/api/v1/follow-up.ts"),
  route("api/v1/extension/token", "routes/api/v1/extension-token.ts"),
  route("api/v1/*", "routes/api/v1/not-found.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
