/**
 * Files attached to forms (issue 15, ADR 0035): which kinds are taken, how big, what a file is
 * called. A file's kind is read from its first bytes — a name ending in ".pdf" or a browser's
 * content type proves nothing — so what the business later opens is what the limits allowed.
 */
import { FILE_KINDS, type Field, type FileKind } from "./definition.ts";

/** One file's ceiling, whatever a definition says; also a field's default. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_FILE_BYTES = 5 * 1024 * 1024;

type FileField = Extract<Field, { type: "file" }>;

export const acceptedKinds = (field: FileField): readonly FileKind[] =>
  field.accept && field.accept.length > 0 ? field.accept : FILE_KINDS;

export const maxBytesOf = (field: FileField): number => Math.min(field.maxBytes ?? DEFAULT_FILE_BYTES, MAX_FILE_BYTES);

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The kind of file these bytes are, or null when it is none of FILE_KINDS. */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return null;
}

/**
 * A file name fit to keep and show: no folders, no control or bidi-override characters, at most 150
 * characters (keeping the extension); "file" when nothing is left.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069"]/g, "").trim();
  if (clean === "" || clean === "." || clean === "..") return "file";
  if (clean.length <= 150) return clean;
  const dot = clean.lastIndexOf(".");
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
  return clean.slice(0, 150 - extension.length) + extension;
}

/** A size in the reader's language: "120 kB", "4.5 MB". */
export function byteSizeText(bytes: number, locale: string): string {
  const isLarge = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: isLarge ? "megabyte" : "kilobyte",
    maximumFractionDigits: isLarge ? 1 : 0,
  }).format(Math.max(1, bytes / (isLarge ? 1024 * 1024 : 1024)));
}

export type UploadCheck =
  | { readonly ok: true; readonly kind: FileKind; readonly name: string }
  | { readonly ok: false; readonly code: "FILE_TOO_LARGE" | "FILE_TYPE" };

/** Whether a file may be attached to `field`: its size, then its kind by content. */
export function checkUpload(
  field: FileField,
  file: { readonly name: string; readonly bytes: Uint8Array },
): UploadCheck {
  if (file.bytes.byteLength > maxBytesOf(field)) return { ok: false, code: "FILE_TOO_LARGE" };
  const kind = sniffFileKind(file.bytes);
  if (kind === null || !acceptedKinds(field).includes(kind)) return { ok: false, code: "FILE_TYPE" };
  return { ok: true, kind, name: safeFileName(file.name) };
}

/**
 * What a visitor's browser posts for an attached file between steps: "upload:" and 43 characters of a
 * random token (its hash names the stored file). Anything else in a file field's answer is not a file.
 */
export const UPLOAD_REFERENCE = /^upload:[A-Za-z0-9_-]{43}$/;
