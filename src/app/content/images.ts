/**
 * A business's uploaded images (issue 16, ADR 0039): what the business API and the content pages
 * need of their storage. The store is bound to one business (docs/decisions/0007-tenancy.md):
 * another business's ids look missing.
 */
import type { ImageSize } from "../../core/content/images.ts";

export interface ImageVariantInfo {
  readonly width: number;
  readonly height: number;
  readonly byteSize: number;
}

export interface ImageRecord {
  readonly id: string;
  /** The uploaded file's kind (read from its bytes) and size; the file itself is not kept. */
  readonly sourceType: string;
  readonly sourceBytes: number;
  readonly width: number;
  readonly height: number;
  readonly createdAt: string;
  readonly variants: readonly ImageVariantInfo[];
}

/** What is stored of an upload: its size and its encoded variants. */
export interface NewImage {
  readonly sourceType: string;
  readonly sourceBytes: number;
  readonly width: number;
  readonly height: number;
  readonly variants: readonly {
    readonly width: number;
    readonly height: number;
    readonly contentType: string;
    readonly content: Uint8Array;
  }[];
}

export interface ImageStore {
  save(image: NewImage): Promise<ImageRecord>;
  /** Newest first. */
  list(): Promise<ImageRecord[]>;
  get(id: string): Promise<ImageRecord | null>;
  /** Whether there was such an image (its variants go with it; pages naming it show nothing there). */
  remove(id: string): Promise<boolean>;
}

/** What public requests read: a variant's bytes, and the sizes of images a page names. */
export interface PublicImages {
  variant(id: string, width: number): Promise<{ contentType: string; content: Uint8Array } | null>;
  /** The widest width the image is kept at, or null when there is no such image. */
  widestWidth(id: string): Promise<number | null>;
  sizes(businessId: string, ids: readonly string[]): Promise<Map<string, ImageSize>>;
}
