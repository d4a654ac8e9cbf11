import { z } from 'zod';
import { toolImageFile, toolImageMessages } from './tool-image-rules.ts';

/** GET /api/tool-image/:file: `<SHA-256 of the uploaded file>-<width>.webp`. */
export const toolImageParamsSchema = z.object({
  file: z
    .string()
    .refine(
      (file) => toolImageFile(file) !== null,
      'must be <64 lower-case hexadecimal digits>-<800, 480 or 128>.webp',
    ),
});

/**
 * POST /api/tool-image: the picture's file as the request body, its type in Content-Type. The
 * server reads what it is from the bytes (tool-image-rules.ts lists what is accepted).
 */
export const toolImageUploadBodySchema = z
  .custom<Uint8Array>((body) => body instanceof Uint8Array && body.byteLength > 0, {
    error: toolImageMessages.empty,
  })
  .meta({ type: 'string', format: 'binary', description: 'A PNG, JPEG, WebP or GIF file' });

/**
 * The uploaded picture: the address to give a tool as its `img`, and every size it is served at
 * (largest first) with its dimensions in pixels.
 */
export const toolImageUploadSchema = z.object({
  img: z.string(),
  sizes: z.array(z.object({ src: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type ToolImageUpload = z.infer<typeof toolImageUploadSchema>;
