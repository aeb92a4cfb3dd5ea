/**
 * The content side's storage, bound to one business (docs/decisions/0007-tenancy.md), composed of
 * one store per entity under content/.
 */
import type { ContentRepository } from "../../app/content/ports.ts";
import type { Db } from "./client.ts";
import { collectionStore } from "./content/collection-store.ts";
import { postStore } from "./content/post-store.ts";
import { productStore } from "./content/product-store.ts";
import { previewTokenStore } from "./content/preview-token-store.ts";
import { taxonomyStore } from "./content/taxonomy-store.ts";

export function createContentRepository(db: Db, businessId: string): ContentRepository {
  return {
    businessId,
    ...postStore(db, businessId),
    ...taxonomyStore(db, businessId),
    ...productStore(db, businessId),
    ...collectionStore(db, businessId),
    ...previewTokenStore(db, businessId),
  };
}
