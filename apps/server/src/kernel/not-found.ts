// The library's 404s, worded once for every module that looks a book, category or tag up.
import { AppError } from '#server/kernel/app-error.ts';

export const bookNotFound = () => new AppError(404, 'BOOK_NOT_FOUND', 'This book does not exist.');
export const categoryNotFound = () =>
  new AppError(404, 'CATEGORY_NOT_FOUND', 'This category does not exist.');
export const tagNotFound = () => new AppError(404, 'TAG_NOT_FOUND', 'This tag does not exist.');
