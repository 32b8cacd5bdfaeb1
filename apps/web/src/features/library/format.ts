/** Numbers in Western digits in both languages, as member numbers and ratings are written. */
export function formatRating(value: number, language: string): string {
  return new Intl.NumberFormat(`${language}-u-nu-latn`, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** The category title in the interface language (Arabic title when present). */
export function categoryTitle(category: { title: string; titleAr: string }, language: string): string {
  return language === 'ar' && category.titleAr.trim() ? category.titleAr : category.title;
}
