// Route parameters shared by the modules' routes.
import { z } from 'zod';

/** No id of ours holds a control character, and PostgreSQL refuses NUL in text outright. */
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;

/** A row id in a URL: books, categories, tags, comments, thoughts, replies. */
export const idParam = z.string().min(1).max(200).regex(NO_CONTROL_CHARACTERS, 'Not a valid id.');
/** A member number in a URL, checked further by parseUserNumber (a bad one is 'Darker not found'). */
export const userNumberParam = z.string().min(1).max(30);

export const bookIdParamsSchema = z.object({ bookId: idParam });
export const categoryIdParamsSchema = z.object({ categoryId: idParam });
export const tagIdParamsSchema = z.object({ tagId: idParam });
export const commentIdParamsSchema = z.object({ commentId: idParam });
export const userNumberParamsSchema = z.object({ userNumber: userNumberParam });
