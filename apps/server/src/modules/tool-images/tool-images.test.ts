import { deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltforge/contract/tool';
import type { ToolImageUpload } from '@voltforge/contract/tool-image';
import type { ToolImportPlan } from '@voltforge/contract/tool-csv';
import {
  MAX_TOOL_IMAGE_BYTES,
  toolImageMessages,
  toolImageUrl,
} from '@voltforge/contract/tool-image-rules';
import { toolImage } from '../../db/schema/tool-image.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createShopTestApp();
  ({ admin, customerA: customer } = t);
});
afterAll(() => t.close());

/** A picture of `width` × `height` in two colours (left and right half), so a crop would show. */
function picture(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({
    create: { width, height, channels: 3, background: '#1f7ab8' },
  }).composite([
    {
      input: { create: { width: half, height, channels: 3, background: '#c2571a' } },
      left: 0,
      top: 0,
    },
  ]);
}

const png = (w = 1600, h = 1200) => picture(w, h).png().toBuffer();

function upload(
  body: Buffer | string,
  contentType: string | undefined,
  as: TestUser | null = admin,
): Promise<LightMyRequestResponse> {
  return request(t.app, {
    method: 'POST',
    url: '/api/tool-image',
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    payload: body,
    as,
  });
}

async function storedRows(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(toolImage);
  return row?.n ?? 0;
}

/** A PNG whose header claims `width` × `height`, with one small block of pixel data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/tool-image', () => {
  it.each([
    ['PNG', 'image/png', () => png()],
    ['JPEG', 'image/jpeg', () => picture(1600, 1200).jpeg().toBuffer()],
    ['WebP', 'image/webp', () => picture(1600, 1200).webp().toBuffer()],
    ['GIF', 'image/gif', () => picture(1600, 1200).gif().toBuffer()],
  ])(
    'takes a %s and serves it as WebP at every size, cacheable for good',
    async (_kind, type, make) => {
      const res = await upload(await make(), type);
      expect(res.statusCode).toBe(201);
      const uploaded = res.json<ToolImageUpload>();
      const hash = /^\/api\/tool-image\/([0-9a-f]{64})-800\.webp$/.exec(uploaded.img)?.[1];
      expect(hash).toBeDefined();
      expect(uploaded.sizes).toEqual([
        { src: toolImageUrl(hash!, 800), width: 800, height: 600 },
        { src: toolImageUrl(hash!, 480), width: 480, height: 360 },
        { src: toolImageUrl(hash!, 128), width: 128, height: 96 },
      ]);
      for (const size of uploaded.sizes) {
        const got = await request(t.app, { method: 'GET', url: size.src });
        expect(got.statusCode).toBe(200);
        expect(got.headers['content-type']).toBe('image/webp');
        expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(got.headers['x-content-type-options']).toBe('nosniff');
        expect(got.headers['content-encoding']).toBeUndefined();
        const served = await sharp(got.rawPayload).metadata();
        expect(served).toMatchObject({ format: 'webp', width: size.width, height: size.height });
      }
    },
  );

  it('keeps the whole picture, never enlarges it, and gives a moving GIF its first frame', async () => {
    const tall = (await upload(await png(600, 1000), 'image/png')).json<ToolImageUpload>();
    expect(tall.sizes.map((s) => [s.width, s.height])).toEqual([
      [360, 600],
      [216, 360],
      [58, 96],
    ]);
    const small = (await upload(await png(100, 80), 'image/png')).json<ToolImageUpload>();
    expect(small.sizes.map((s) => [s.width, s.height])).toEqual([
      [100, 80],
      [100, 80],
      [100, 80],
    ]);

    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const moving = await sharp([await frame('#ff0000'), await frame('#0000ff')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const gif = (await upload(moving, 'image/gif')).json<ToolImageUpload>();
    const served = await request(t.app, { method: 'GET', url: gif.img });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([40, 30, 1]);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // Red, the first frame's colour, not the second's blue.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(50);
  });

  it('turns a photo as its camera said, and keeps none of its metadata', async () => {
    const photo = await picture(400, 300)
      .jpeg()
      .withMetadata({ orientation: 6 }) // taken with the camera turned: shown 300 × 400
      .toBuffer();
    const uploaded = (await upload(photo, 'image/jpeg')).json<ToolImageUpload>();
    expect(uploaded.sizes[0]).toMatchObject({ width: 300, height: 400 });
    const served = await request(t.app, { method: 'GET', url: uploaded.img });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.orientation, meta.exif]).toEqual([undefined, undefined]);
  });

  it('stores the same file once, whoever uploads it again', async () => {
    const file = await png(300, 200);
    const first = (await upload(file, 'image/png')).json<ToolImageUpload>();
    const before = await storedRows();
    const again = await upload(file, 'application/octet-stream');
    expect(again.statusCode).toBe(201);
    expect(again.json<ToolImageUpload>()).toEqual(first);
    expect(await storedRows()).toBe(before);
  });

  describe('refuses, storing nothing,', () => {
    let before: number;
    beforeAll(async () => {
      before = await storedRows();
    });
    afterAll(async () => {
      expect(await storedRows()).toBe(before);
    });

    it('an SVG drawing, whatever type it is sent as', async () => {
      const svg =
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      for (const type of ['image/svg+xml', 'image/png', 'application/octet-stream']) {
        const res = await upload(svg, type);
        expect([res.statusCode, errorOf(res).message]).toEqual([400, toolImageMessages.svg]);
      }
      // A real PNG declared as an SVG is refused too: the type says what the browser would do.
      const declared = await upload(await png(20, 20), 'image/svg+xml');
      expect([declared.statusCode, errorOf(declared).message]).toEqual([
        400,
        toolImageMessages.svg,
      ]);
    });

    it('a PNG named as a JPEG (its declared type), saying what it really is', async () => {
      const res = await upload(await png(20, 20), 'image/jpeg');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(toolImageMessages.typeMismatch('jpeg', 'png'));
      expect(errorOf(res).message).toBe(
        'The file says it is a JPEG picture but holds a PNG picture. Save it again as a PNG file (its right name) and upload that.',
      );
    });

    it('a file larger than 10 MB, before reading it all', async () => {
      const big = Buffer.concat([await png(20, 20), Buffer.alloc(MAX_TOOL_IMAGE_BYTES)]);
      const res = await upload(big, 'image/png');
      expect([res.statusCode, errorOf(res).message]).toEqual([413, toolImageMessages.tooLarge]);
      expect(toolImageMessages.tooLarge).toBe(
        'The picture must be at most 10 MB. Save it smaller and upload it again.',
      );
    });

    it('a decompression bomb: a small file claiming 50,000 × 50,000 pixels', async () => {
      const bomb = pngClaiming(50_000, 50_000);
      expect(bomb.length).toBeLessThan(1024);
      const res = await upload(bomb, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(
        'The picture is 50,000 × 50,000 pixels; the shop takes at most 50 megapixels (8,000 × 6,000, say). Make it smaller and upload it again.',
      );
    });

    it('an empty body, with or without a type', async () => {
      for (const type of ['image/png', undefined]) {
        const res = await upload('', type);
        expect([res.statusCode, errorOf(res).message]).toEqual([400, toolImageMessages.empty]);
      }
    });

    it('a file that is no picture, a damaged one, and a body that is not a file', async () => {
      const text = await upload('partNumber,name\nVF-1,Probe', 'application/octet-stream');
      expect([text.statusCode, errorOf(text).message]).toEqual([
        400,
        toolImageMessages.notAPicture,
      ]);
      const file = await png(400, 300);
      const cut = await upload(file.subarray(0, file.length / 2), 'image/png');
      expect([cut.statusCode, errorOf(cut).message]).toEqual([400, toolImageMessages.unreadable]);
      const json = await request(t.app, {
        method: 'POST',
        url: '/api/tool-image',
        payload: { img: 'https://example.com/a.png' },
        as: admin,
      });
      expect([json.statusCode, errorOf(json).message]).toEqual([
        415,
        toolImageMessages.notAPicture,
      ]);
    });

    it('anyone but an admin, before reading the file', async () => {
      const file = await png(30, 30);
      expect((await upload(file, 'image/png', null)).statusCode).toBe(401);
      const res = await upload(file, 'image/png', customer);
      expect(res.statusCode).toBe(403);
      // A page of another site, riding an admin's browser.
      const foreign = await request(t.app, {
        method: 'POST',
        url: '/api/tool-image',
        headers: { 'content-type': 'image/png', origin: 'https://evil.example' },
        payload: file,
        as: admin,
      });
      expect(foreign.statusCode).toBe(403);
    });
  });
});

describe('GET /api/tool-image/:file', () => {
  it('is 404 for a picture never uploaded, 400 for an address that names none', async () => {
    const unknown = await request(t.app, {
      method: 'GET',
      url: toolImageUrl('0'.repeat(64), 480),
    });
    expect([unknown.statusCode, errorOf(unknown).message]).toEqual([
      404,
      toolImageMessages.notFound,
    ]);
    for (const file of ['abc-800.webp', `${'0'.repeat(64)}-800.png`, '..%2F..%2Fetc%2Fpasswd']) {
      const bad = await request(t.app, { method: 'GET', url: `/api/tool-image/${file}` });
      expect(bad.statusCode).toBe(400);
    }
  });
});

describe("a tool's picture uploaded to the shop", () => {
  const toolWith = (img: string) => ({
    partNumber: `UP-${Math.random().toString(36).slice(2, 10)}`,
    name: 'Uploaded Probe',
    inStock: 5,
    minOrderQuantity: 1,
    price: 9.5,
    desc: 'A probe with an uploaded picture.',
    img,
    category: 'Measurement & Test',
  });

  it('is a tool’s img for Add Products and an edit; an address of none uploaded is refused', async () => {
    const { img } = (await upload(await png(640, 480), 'image/png')).json<ToolImageUpload>();
    const created = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: toolWith(img),
      as: admin,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<Tool>().img).toBe(img);

    const never = toolImageUrl('ab'.repeat(32), 800);
    const refused = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: toolWith(never),
      as: admin,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ img: toolImageMessages.notUploaded });
    const edit = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${created.json<Tool>()._id}`,
      payload: { img: never },
      as: admin,
    });
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit).fields).toEqual({ img: toolImageMessages.notUploaded });
  });

  it('goes out in the tools CSV and comes back in unchanged; one this shop lacks is named', async () => {
    const { img } = (await upload(await png(320, 240), 'image/png')).json<ToolImageUpload>();
    const added = await request(t.app, {
      method: 'POST',
      url: '/api/tool',
      payload: toolWith(img),
      as: admin,
    });
    const { partNumber } = added.json<Tool>();
    const csv = (await request(t.app, { method: 'GET', url: '/api/tool/export.csv', as: admin }))
      .body;
    const line = csv.split('\n').find((l) => l.startsWith(`${partNumber},`));
    expect(line).toContain(`,${img},`);

    const header = csv.split('\n')[0]!;
    const preview = (file: string) =>
      request(t.app, {
        method: 'POST',
        url: '/api/tool/import/preview',
        payload: { csv: file },
        as: admin,
      });
    const same = (await preview(`${header}\n${line}`)).json<ToolImportPlan>();
    expect([same.errors, same.rows.map((r) => r.action)]).toEqual([[], ['unchanged']]);

    const elsewhere = line!.replace(img, toolImageUrl('cd'.repeat(32), 800));
    const plan = (await preview(`${header}\n${elsewhere}`)).json<ToolImportPlan>();
    expect(plan.errors).toEqual([
      { row: 2, column: 'img', message: toolImageMessages.notUploaded },
    ]);
  });
});
