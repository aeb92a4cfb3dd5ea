import { describe, expect, it } from "vitest";
import { pageHref, pageInfo, pageWindow, parsePageParam } from "./pagination.ts";

describe("parsePageParam", () => {
  it.each([
    [null, 1],
    ["1", 1],
    ["2", 2],
    ["100000", 100000],
  ])("%s → page %s", (raw, page) => expect(parsePageParam(raw)).toBe(page));
  it.each(["", "0", "-1", "01", "1.5", "abc", "2x", "1e3", " 2", "100001", "9999999"])("%j names no page", (raw) =>
    expect(parsePageParam(raw)).toBeNull(),
  );
});

describe("pageInfo", () => {
  it("first, middle and last pages have their neighbours", () => {
    expect(pageInfo(1, 20, 9)).toEqual({ page: 1, pageCount: 3, total: 20, prev: null, next: 2 });
    expect(pageInfo(2, 20, 9)).toEqual({ page: 2, pageCount: 3, total: 20, prev: 1, next: 3 });
    expect(pageInfo(3, 20, 9)).toEqual({ page: 3, pageCount: 3, total: 20, prev: 2, next: null });
  });
  it("an exact multiple has no empty last page", () => {
    expect(pageInfo(2, 18, 9)?.next).toBeNull();
    expect(pageInfo(3, 18, 9)).toBeNull();
  });
  it("an empty listing has page 1 only", () => {
    expect(pageInfo(1, 0, 9)).toEqual({ page: 1, pageCount: 1, total: 0, prev: null, next: null });
    expect(pageInfo(2, 0, 9)).toBeNull();
  });
});

it("windows and links", () => {
  expect(pageWindow(3, 9)).toEqual({ limit: 9, offset: 18 });
  expect(pageHref("/journal", 1)).toBe("/journal");
  expect(pageHref("/journal", 2)).toBe("/journal?page=2");
  expect(pageHref("/v2/preview/x/blog?token=t", 2)).toBe("/v2/preview/x/blog?token=t&page=2");
});
