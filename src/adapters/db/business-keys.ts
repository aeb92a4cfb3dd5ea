/**
 * Keys between two tables of one business (ADR 0057, issue 19): a row names its parent by
 * `(x_id, business_id)` and the parent is keyed `(id, business_id)`, so the key includes the
 * distribution column on both sides (what Citus needs), and a reference across two businesses is
 * impossible. `business_id` comes last so that the key's index still serves look-ups by id.
 */
import { foreignKey, type PgColumn } from "drizzle-orm/pg-core";

interface BusinessRow {
  id: PgColumn;
  businessId: PgColumn;
}

/**
 * `(column, business_id) → parent (id, business_id)`. For "set null" the migration writes
 * `on delete set null (column)` (PostgreSQL 15+), which drizzle cannot express: a plain `set null`
 * would null `business_id` too, and fail its `not null`. Keep the column list when this key is
 * written again (migration 0035).
 */
export function businessForeignKey(
  name: string,
  columns: [PgColumn, PgColumn],
  parent: BusinessRow,
  onDelete?: "cascade" | "set null",
) {
  const key = foreignKey({ name, columns, foreignColumns: [parent.id, parent.businessId] });
  return onDelete ? key.onDelete(onDelete) : key;
}
