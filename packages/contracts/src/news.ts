import { z } from 'zod';

export const headerImageSchema = z.object({
  large: z.string(),
  medium: z.string(),
  small: z.string(),
});

/** §3 News item. publicationDate is epoch milliseconds. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  location: z.string().nullable(),
  publicationDate: z.number(),
  introduction: z.string().nullable(),
  content: z.string(),
  headerImage: headerImageSchema.nullable(),
  sales: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = z.array(newsItemSchema);
