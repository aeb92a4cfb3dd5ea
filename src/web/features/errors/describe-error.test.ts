import { describe, expect, it } from "vitest";
import { describeError } from "./describe-error.ts";
import { faviconNotFound, pageNotFound, requireFound, slugExpired } from "./route-errors.ts";

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
};
// React Router turns a thrown `data()` into an ErrorResponse; emulate that boundary step.
import { isRouteErrorResponse, type ErrorResponse } from "react-router";
const asErrorResponse = (value: unknown): ErrorResponse => {
  const d = value as { data: unknown; init: { status: number } };
  const response = { status: d.init.status, statusText: "", internal: false, data: d.data };
  expect(isRouteErrorResponse(response)).toBe(true);
  return response;
};

describe("route errors", () => {
  const request = new Request("http://localhost/widget/booking/unknown?x=1");

  it("a failed validity check is a 404 'Page Not Found: {path}' without the query", () => {
    expect(describeError(asErrorResponse(thrown(() => pageNotFound(request))))).toEqual({
      status: 404,
      message: "Page Not Found: /widget/booking/unknown",
      code: "PAGE_NOT_FOUND",
      path: "/widget/booking/unknown",
    });
    expect(() => requireFound(null, request)).toThrow();
    expect(requireFound(0, request)).toBe(0);
  });

  it("the favicon is a 404 'Not found'", () => {
    expect(describeError(asErrorResponse(thrown(faviconNotFound)))).toMatchObject({
      status: 404,
      message: "Not found",
    });
  });

  it("an expired link carries exactly 'Slug Expired'", () => {
    expect(describeError(asErrorResponse(thrown(slugExpired)))).toMatchObject({
      message: "Slug Expired",
      code: "SLUG_EXPIRED",
    });
  });

  it("a plain string status message 'Slug Expired' is recognised too", () => {
    expect(describeError({ status: 410, statusText: "", internal: false, data: "Slug Expired" })).toMatchObject({
      code: "SLUG_EXPIRED",
    });
  });

  it("anything else is a 500 with its message", () => {
    expect(describeError(new Error("boom"))).toEqual({ status: 500, message: "boom", code: "UNEXPECTED" });
  });
});
