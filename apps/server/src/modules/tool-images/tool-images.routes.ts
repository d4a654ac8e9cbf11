import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  toolImageParamsSchema,
  toolImageUploadBodySchema,
  toolImageUploadSchema,
} from '@voltforge/contract/tool-image';
import { MAX_TOOL_IMAGE_BYTES, toolImageMessages } from '@voltforge/contract/tool-image-rules';
import { adminOnly, requireAdmin } from '../../auth/guards.ts';
import { BytesCache } from '../../cache/bytes-cache.ts';
import { HttpError } from '../../http-error.ts';
import { isPictureContentType } from './picture.ts';
import { toolImageWebp, uploadToolImage } from './tool-images.service.ts';

/** A picture's address names its bytes (content-addressed): what it shows never changes. */
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * What each instance keeps of the pictures it served lately: a catalogue page's worth many times
 * over (a card's picture is some 10–60 kB), read without the database.
 */
const KEPT_BYTES = 32 * 1024 * 1024;

/** The types an upload may be sent as, for the API reference (picture.ts reads the bytes). */
const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * Tools' uploaded pictures (docs/architecture.md, "Uploaded pictures"): admins upload one, and
 * anyone reads each of its sizes at an address that never changes what it shows.
 */
export async function toolImagesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const kept = new BytesCache(KEPT_BYTES);

  // These routes take a picture's bytes, never JSON or a form (this plugin's scope only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_TOOL_IMAGE_BYTES },
    (request, body, done) => {
      if (isPictureContentType(request.headers['content-type'])) done(null, body);
      else done(new HttpError(415, 'bad_request', toolImageMessages.notAPicture), undefined);
    },
  );

  app.post(
    '/api/tool-image',
    {
      // Authorised before the body is read: a customer's upload is refused unread.
      onRequest: adminOnly,
      bodyLimit: MAX_TOOL_IMAGE_BYTES,
      config: { extraErrors: [413, 415], tooLargeMessage: toolImageMessages.tooLarge },
      schema: {
        tags: ['admin'],
        summary:
          'Upload a picture for a tool: PNG, JPEG, WebP or GIF, at most 10 MB and 50 megapixels; stored as WebP at each size the shop shows (admin)',
        consumes: UPLOAD_TYPES,
        body: toolImageUploadBodySchema,
        response: { 201: toolImageUploadSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const bytes = request.body;
      const contentType = request.headers['content-type'];
      return reply.status(201).send(await uploadToolImage(app.db, admin, { bytes, contentType }));
    },
  );

  app.get(
    '/api/tool-image/:file',
    {
      // A page of the catalogue shows a few dozen pictures, each fetched once by a browser.
      config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        tags: ['tools'],
        summary: "A size of a tool's uploaded picture, as WebP, cacheable for good",
        params: toolImageParamsSchema,
      },
    },
    async (request, reply) =>
      reply
        .type('image/webp')
        .header('cache-control', FOREVER)
        .send(await toolImageWebp(app.db, request.params.file, kept)),
  );
}
