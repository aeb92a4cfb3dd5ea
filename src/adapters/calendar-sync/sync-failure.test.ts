import { describe, expect, it } from "vitest";
import { PrivateTargetRefused } from "./guarded-fetch.ts";
import { CalendarUnreachable, syncFailureReason } from "./sync-failure.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("syncFailureReason", () => {
  it.each([
    [withCode("getaddrinfo ENOTFOUND cal.example", "ENOTFOUND"), "host_not_found"],
    [withCode("getaddrinfo EAI_AGAIN cal.example", "EAI_AGAIN"), "host_not_found"],
    [withCode("connect ECONNREFUSED 127.0.0.1:1", "ECONNREFUSED"), "unreachable"],
    [withCode("read ECONNRESET", "ECONNRESET"), "unreachable"],
    [withCode("certificate has expired", "CERT_HAS_EXPIRED"), "tls"],
    [withCode("self-signed certificate", "DEPTH_ZERO_SELF_SIGNED_CERT"), "tls"],
    [new Error("no answer within 15 s"), "timeout"],
    [new Error("the answer is larger than 5242880 bytes"), "too_large"],
    [new Error("Invalid credentials: PROPFIND https://cal.example/ returned 401 Unauthorized"), "auth"],
    [new Error("cannot find principalUrl"), "not_caldav"],
    [new PrivateTargetRefused("10.0.0.1 is a private address"), "private_address"],
    [CalendarUnreachable.ofStatus("the feed answered", 403), "auth"],
    [CalendarUnreachable.ofStatus("the calendar answered", 410), "not_found"],
    [CalendarUnreachable.ofStatus("writing the event", 503), "http_error"],
    [new CalendarUnreachable("the account has no calendar", "no_calendar"), "no_calendar"],
    [new Error("something else"), "unknown"],
    ["a string", "unknown"],
  ])("%s → %s", (error, reason) => {
    expect(syncFailureReason(error)).toBe(reason);
  });
});
