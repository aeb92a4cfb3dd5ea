import { describe, expect, it } from "vitest";
import { byteSizeText, checkUpload, safeFileName, sniffFileKind } from "./uploads.ts";

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("file uploads", () => {
  it("reads a file's kind from its first bytes", () => {
    expect(sniffFileKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffFileKind(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(sniffFileKind(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffFileKind(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
    expect(sniffFileKind(bytes("%PDF-1.4"))).toBe("application/pdf");
    expect(sniffFileKind(bytes("<svg onload=alert(1)>"))).toBeNull();
    expect(sniffFileKind(bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(sniffFileKind(new Uint8Array())).toBeNull();
  });

  it("takes a file by size first, then by kind, whatever its name claims", () => {
    const field = { id: "cv", type: "file", label: { en: "CV" }, accept: ["application/pdf"], maxBytes: 10 } as const;
    expect(checkUpload(field, { name: "a.pdf", bytes: bytes("%PDF-1.4") })).toEqual({
      ok: true,
      kind: "application/pdf",
      name: "a.pdf",
    });
    expect(checkUpload(field, { name: "a.pdf", bytes: bytes("%PDF-1.4 and more") })).toEqual({
      ok: false,
      code: "FILE_TOO_LARGE",
    });
    expect(checkUpload(field, { name: "a.pdf", bytes: bytes(0xff, 0xd8, 0xff) })).toEqual({
      ok: false,
      code: "FILE_TYPE",
    });
    // No `accept`: every kind; the ceiling holds whatever the field says.
    const any = { id: "f", type: "file", label: { en: "F" }, maxBytes: 1e12 } as const;
    expect(checkUpload(any, { name: "p.gif", bytes: bytes("GIF87a") })).toMatchObject({ ok: true, kind: "image/gif" });
    expect(checkUpload(any, { name: "big.pdf", bytes: new Uint8Array(10 * 1024 * 1024 + 1) })).toEqual({
      ok: false,
      code: "FILE_TOO_LARGE",
    });
  });

  it("keeps a file's name without folders, control or direction marks, and short", () => {
    expect(safeFileName("C:\\Users\\ann\\CV.pdf")).toBe("CV.pdf");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(safeFileName('a"b\n.pdf')).toBe("ab.pdf");
    expect(safeFileName("..")).toBe("file");
    const long = safeFileName(`${"x".repeat(300)}.pdf`);
    expect(long).toHaveLength(150);
    expect(long.endsWith(".pdf")).toBe(true);
  });

  it("writes sizes in the reader's language", () => {
    expect(byteSizeText(120 * 1024, "en")).toBe("120 kB");
    expect(byteSizeText(5 * 1024 * 1024, "de")).toBe("5 MB");
    expect(byteSizeText(4.5 * 1024 * 1024, "fr")).toBe("4,5\u202FMo");
  });
});
