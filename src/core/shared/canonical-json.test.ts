import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.ts";

describe("canonicalJson", () => {
  it("ignores key order and white space", () => {
    const a = JSON.parse('{ "b": [1, {"y": 2, "x": 1}], "a": "é" }');
    const b = JSON.parse('{"a":"é","b":[1,{"x":1,"y":2}]}');
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":"é","b":[1,{"x":1,"y":2}]}');
  });

  it("keeps what differs different (array order, values, types)", () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: "1" }));
  });

  it("round-trips: parsing the canonical text gives an equal value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
