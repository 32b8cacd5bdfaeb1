/** The category title in the interface language (Arabic title when present). */
export function categoryTitle(category: { title: string; titleAr: string }, language: string): string {
  return language === 'ar' && category.titleAr.trim() ? category.titleAr : category.title;
}
