// Route parameters shared by the library's modules.
import { z } from 'zod';

const id = z.string().min(1).max(200);

export const bookIdParamsSchema = z.object({ bookId: id });
export const categoryIdParamsSchema = z.object({ categoryId: id });
export const tagIdParamsSchema = z.object({ tagId: id });
export const commentIdParamsSchema = z.object({ commentId: id });
