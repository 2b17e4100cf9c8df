import { format, type Locale } from '@hearken/ui';
import type { RoadmapStringKey, RoadmapStrings } from '../strings.ts';

/** Looks up and fills one of the widget's strings. */
export type Translate = (key: RoadmapStringKey, values?: Record<string, string | number>) => string;

export function translator(locale: Locale<RoadmapStrings>): Translate {
  return (key, values) => format(locale, key, values);
}
