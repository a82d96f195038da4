/** Answers 200 when the app can serve requests; load balancers and the test runner poll it. */
export function loader() {
  return Response.json(
    { status: "ok" },
    { headers: { "Cache-Control": "no-store" } },
  );
}
