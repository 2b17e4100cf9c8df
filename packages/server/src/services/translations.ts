import { and, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { translations } from '../db/schema.ts';

type EntityType = (typeof translations.$inferSelect)['entityType'];
/** A field a translation may replace. */
export type TranslatedField = (typeof translations.$inferSelect)['field'];

/** Translated fields by entity id, e.g. `get(projectId)?.name`. */
export type TranslationMap = Map<string, Partial<Record<TranslatedField, unknown>>>;

/**
 * Translations of the given entities into `language`: the exact tag where one exists, else its
 * primary subtag (`de-AT` falls back to `de`); fields with neither keep the original text.
 */
export async function loadTranslations(
  orm: Orm,
  workspaceId: string,
  entityType: EntityType,
  ids: string[],
  language: string | undefined,
): Promise<TranslationMap> {
  const map: TranslationMap = new Map();
  if (!language || ids.length === 0) return map;
  const exact = language.toLowerCase();
  const primary = exact.split('-')[0]!;
  const rows = await orm
    .select()
    .from(translations)
    .where(
      and(
        eq(translations.workspaceId, workspaceId),
        eq(translations.entityType, entityType),
        inArray(translations.language, [...new Set([exact, primary])]),
        inArray(translations.entityId, ids),
      ),
    );
  // Primary-subtag rows first, so exact-tag rows overwrite them.
  rows.sort((a, b) => Number(a.language === exact) - Number(b.language === exact));
  for (const row of rows) map.set(row.entityId, { ...map.get(row.entityId), [row.field]: row.value });
  return map;
}

/** `row` with each of `fields` replaced by its translation, where the map has one. */
export function translate<T extends { id: string }>(
  row: T,
  map: TranslationMap,
  fields: readonly (keyof T & TranslatedField)[],
): T {
  const found = map.get(row.id);
  if (!found) return row;
  const result = { ...row };
  for (const field of fields) {
    if (found[field] !== undefined) result[field] = found[field] as T[typeof field];
  }
  return result;
}
