/**
 * Stripe's error responses: `{ error: { type, code?, message, param? } }` with Stripe's HTTP
 * statuses, which the `stripe` SDK turns into its typed errors (StripeInvalidRequestError, …).
 */

export interface StripeErrorBody {
  type: "api_error" | "idempotency_error" | "invalid_request_error";
  message: string;
  code?: string;
  param?: string;
}

export class StripeApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;

  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.name = "StripeApiError";
    this.status = status;
    this.body = body;
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: "invalid_request_error",
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");
}

export function unknownParam(param: string): StripeApiError {
  return invalidRequest(`Received unknown parameter: ${param}`, param, "parameter_unknown");
}

/**
 * "No such customer: 'cus_…'". Stripe answers 404 when the object is the one named in the URL,
 * and 400 when a request parameter points to an object that does not exist.
 */
export function noSuch(
  kind: string,
  id: string,
  where: { param: string; status?: 400 | 404 } = { param: "id" },
): StripeApiError {
  return new StripeApiError(where.status ?? 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param: where.param,
  });
}
