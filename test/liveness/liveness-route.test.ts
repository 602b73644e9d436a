import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesiseAttack } from '../../scripts/liveness-attacks.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { BOUNDARY, form, image, multipartHeaders, pngBomb } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LIVENESS_WORKERS: '1', LIVENESS_MAX_BYTES: '300000' } });
  await t.services.faces.warmUp();
}, 120_000);
afterAll(async () => t.close());

/** The ids of the liveness results stored for a client (internal id). */
const storedResultIds = (clientId: number) =>
  t.database.db.selectFrom('liveness_results').select('id').where('client_id', '=', clientId).execute();

async function check(
  headers: Record<string, string>,
  file: Buffer,
  filename = 'face.jpg',
  extra: Record<string, string> = {},
) {
  const parts = [
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
    { name: 'file', value: file, filename, contentType: 'image/jpeg' },
  ];
  return t.app.inject({
    method: 'POST',
    url: '/verify/liveness',
    headers: { ...headers, ...multipartHeaders },
    payload: form(parts),
  });
}

const clientWithStatement = (name: string) =>
  t.clientWithStatement(['liveness:write', 'statements:read', 'statements:write'], name);

describe('POST /verify/liveness', () => {
  it('is ready once the models loaded and the warm-up found a face', async () => {
    expect(t.services.faces.status()).toEqual({ ok: true });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('finds one face with a plausible box and answers the spec shape', async () => {
    const res = await check(await t.auth(['liveness:write']), image('astronaut.jpg'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Success', code: '200' });
    const { liveness, face } = body.data.entity;
    expect(liveness.liveness_probability).toBeGreaterThanOrEqual(0);
    expect(liveness.liveness_probability).toBeLessThanOrEqual(100);
    expect(typeof liveness.liveness_check).toBe('boolean');
    expect(face.face_detected).toBe(true);
    expect(face.multiface_detected).toBe(false);
    expect(face.confidence).toBeGreaterThan(50);
    // The astronaut's face: upper middle of the portrait, about a quarter of its width.
    const box = face.bounding_box;
    expect(box.left).toBeGreaterThan(0.2);
    expect(box.left + box.width).toBeLessThan(0.7);
    expect(box.top).toBeLessThan(0.3);
    expect(box.width).toBeGreaterThan(0.15);
    expect(box.width).toBeLessThan(0.5);
    expect(face.details.gender.value).toBe('Female');
    expect(face.details.smile.value).toBe(true);
    expect(face.details.eyes_open.value).toBe(true);
    expect(face.details.emotions).toHaveLength(8);
    expect(face.details.emotions[0].type).toBe('HAPPY');
    expect(face.details.age_range.low).toBeLessThan(face.details.age_range.high);
    expect(face.quality.brightness).toBeGreaterThan(20);
    expect(face.quality.sharpness).toBeGreaterThan(20);
  });

  it('finds no face on a cat or a still life, and invents no details', async () => {
    const headers = await t.auth(['liveness:write']);
    for (const name of ['cat.jpg', 'still-life.jpg']) {
      const res = await check(headers, image(name));
      expect(res.statusCode).toBe(200);
      const { liveness, face } = res.json().data.entity;
      expect(face.face_detected).toBe(false);
      expect(face.message).toMatch(/no face/);
      expect(face.details).toBeNull();
      expect(face.bounding_box).toBeNull();
      expect(liveness).toEqual({ liveness_check: false, liveness_probability: 0 });
    }
  });

  it('flags several faces and describes the largest', async () => {
    const res = await check(await t.auth(['liveness:write']), image('group.jpg'));
    expect(res.statusCode).toBe(200);
    const face = res.json().data.entity.face;
    expect(face.face_detected).toBe(true);
    expect(face.multiface_detected).toBe(true);
    // The largest face is the astronaut on the left of the group.
    expect(face.bounding_box.left).toBeLessThan(0.2);
  });

  it('analyses a grey (one-channel) image', async () => {
    const res = await check(await t.auth(['liveness:write']), image('camera-grey.png'), 'camera.png');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.entity.face.face_detected).toBe(true);
  });

  it('accepts the spec example as curl sends it (JSON content type, multipart body)', async () => {
    const { authorization } = await t.auth(['liveness:write']);
    const payload = form(
      [{ name: 'file', value: image('astronaut.jpg'), filename: 'astronaut.jpg', contentType: 'image/jpeg' }],
      { disposition: 'attachment' },
    );
    for (const contentType of [`application/json; boundary=${BOUNDARY}`, 'application/json']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/verify/liveness',
        headers: { authorization, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.entity.face.face_detected).toBe(true);
    }
  });
});

describe('liveness', () => {
  it('the astronaut photo is live; its screen replay, print and recompressed copy are not', async () => {
    const headers = await t.auth(['liveness:write']);
    const photo = image('astronaut.jpg');
    const live = (await check(headers, photo)).json().data.entity.liveness;
    expect(live.liveness_check).toBe(true);
    const background = image('still-life.jpg');
    for (const kind of ['screen', 'print', 'recompress'] as const) {
      const res = await check(headers, await synthesiseAttack(kind, photo, background, 7));
      expect(res.statusCode).toBe(200);
      const attack = res.json().data.entity.liveness;
      expect(attack.liveness_check, kind).toBe(false);
      expect(attack.liveness_probability, kind).toBeLessThan(live.liveness_probability);
    }
  });

  it('the astronaut photo shown in a flat dark phone bezel is not live, whatever its size, bezel and margin', async () => {
    const headers = await t.auth(['liveness:write']);
    const photo = image('astronaut.jpg');
    const live = (await check(headers, photo)).json().data.entity.liveness;
    for (const o of [
      { screen: 260, bezel: 10, left: 120, top: 140, plain: true },
      { screen: 340, bezel: 18, left: 300, top: 60, plain: false },
      { screen: 380, bezel: 26, left: 190, top: 30, plain: true },
      { screen: 300, bezel: 14, left: 40, top: 200, plain: false },
    ]) {
      const res = await check(headers, await framed(photo, image('still-life.jpg'), o));
      expect(res.statusCode).toBe(200);
      const attack = res.json().data.entity;
      expect(attack.face.face_detected, JSON.stringify(o)).toBe(true);
      expect(attack.liveness.liveness_check, JSON.stringify(o)).toBe(false);
      expect(attack.liveness.liveness_probability).toBeLessThan(live.liveness_probability);
    }
  });
});

/** The photo shown on a phone with unresolved pixels: inside a flat dark bezel, anywhere on a plain wall or a desk. */
async function framed(
  photo: Buffer,
  desk: Buffer,
  o: { screen: number; bezel: number; left: number; top: number; plain: boolean },
): Promise<Buffer> {
  const height = Math.round(o.screen * 1.8);
  const shown = await sharp(photo).resize(o.screen, height, { fit: 'cover', position: 'top' }).toBuffer();
  const phone = await sharp({
    create: { width: o.screen + 2 * o.bezel, height: height + 2 * o.bezel, channels: 3, background: '#141416' },
  })
    .composite([{ input: shown, left: o.bezel, top: o.bezel }])
    .png()
    .toBuffer();
  const scene = o.plain
    ? sharp({ create: { width: 800, height: 800, channels: 3, background: '#b4ab9c' } })
    : sharp(desk).resize(800, 800, { fit: 'cover' }).modulate({ brightness: 1.3 });
  return scene
    .composite([{ input: phone, left: o.left, top: o.top }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

describe('refusals', () => {
  const expectRefusal = (res: { statusCode: number; json(): unknown }, status: number, error: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code: String(status), error });
  };

  it('no file part', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/verify/liveness',
      headers: { ...(await t.auth(['liveness:write'])), ...multipartHeaders },
      payload: form([{ name: 'statementKey', value: '1' }]),
    });
    expectRefusal(res, 400, 'IMAGE_MISSING');
    expect(res.json().errors).toEqual([{ path: '/body/file', message: 'is required' }]);
  });

  it('two file parts (or two statementKey parts) are 400 naming the field, and nothing is analysed or stored', async () => {
    const a = await clientWithStatement('lender twice');
    const send = (parts: Parameters<typeof form>[0]) =>
      t.app.inject({
        method: 'POST',
        url: '/verify/liveness',
        headers: { ...a.headers, ...multipartHeaders },
        payload: form(parts),
      });
    const face = { value: image('astronaut.jpg'), contentType: 'image/jpeg' };
    const twoFiles = await send([
      { name: 'file', filename: 'a.jpg', ...face },
      { name: 'file', filename: 'b.jpg', ...face },
    ]);
    expectRefusal(twoFiles, 400, 'VALIDATION_FAILED');
    expect(twoFiles.json()).toMatchObject({
      message: '/body/file: is sent 2 times; send one',
      errors: [{ path: '/body/file', message: 'is sent 2 times; send one' }],
    });
    const twoKeys = await send([
      { name: 'statementKey', value: String(a.statementKey) },
      { name: 'statementKey', value: String(a.statementKey) },
      { name: 'file', filename: 'a.jpg', ...face },
    ]);
    expectRefusal(twoKeys, 400, 'VALIDATION_FAILED');
    expect(twoKeys.json().errors).toEqual([{ path: '/body/statementKey', message: 'is sent 2 times; send one' }]);
    const stored = await storedResultIds(a.id);
    expect(stored).toEqual([]);
  });

  it('a part the form does not take (statement_key, statementkey, foo) is 400 at its path, before the image is read, and nothing is stored', async () => {
    const a = await clientWithStatement('lender misspelt');
    const expected = 'unknown field; expected one of: file, statementKey';
    for (const name of ['statement_key', 'statementkey', 'foo']) {
      const res = await check(a.headers, image('astronaut.jpg'), 'a.jpg', { [name]: String(a.statementKey) });
      expectRefusal(res, 400, 'VALIDATION_FAILED');
      expect(res.json()).toMatchObject({
        message: `/body/${name}: ${expected}`,
        errors: [{ path: `/body/${name}`, message: expected }],
      });
    }
    // Every unknown part is named; they are refused before the file is looked at (corrupt here: 422 otherwise).
    const two = await check(a.headers, randomBytes(5000), 'a.jpg', { 'a/b': 'x', statement_key: '1' });
    expectRefusal(two, 400, 'VALIDATION_FAILED');
    expect(two.json().errors).toEqual([
      { path: '/body/a~1b', message: expected },
      { path: '/body/statement_key', message: expected },
    ]);
    const stored = await storedResultIds(a.id);
    expect(stored).toEqual([]);
  });

  it('corrupt bytes and a text file named .jpg, by content', async () => {
    const headers = await t.auth(['liveness:write']);
    expectRefusal(await check(headers, randomBytes(5000)), 422, 'IMAGE_UNREADABLE');
    expectRefusal(
      await check(headers, Buffer.from('hello, this is not a photo\n'.repeat(50)), 'photo.jpg'),
      422,
      'IMAGE_UNREADABLE',
    );
    // A real JPEG header cut short: the header reads, the pixels do not.
    const truncated = image('astronaut.jpg').subarray(0, 3000);
    expectRefusal(await check(headers, truncated), 422, 'IMAGE_UNREADABLE');
  });

  it('an SVG is refused (not a raster photo)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>',
    );
    expectRefusal(await check(await t.auth(['liveness:write']), svg, 'x.jpg'), 422, 'IMAGE_UNREADABLE');
  });

  it('a file over the size limit is 413', async () => {
    const headers = await t.auth(['liveness:write']);
    expectRefusal(await check(headers, randomBytes(400_000)), 413, 'IMAGE_TOO_LARGE');
    // Beyond the body limit (size limit + 1 MB) the body is not even read.
    expectRefusal(await check(headers, randomBytes(1_500_000)), 413, 'BODY_TOO_LARGE');
  });

  it('a decompression bomb (small PNG, 400 megapixels) is refused from its header', async () => {
    const bomb = pngBomb(20000);
    expect(bomb.length).toBeLessThan(300_000);
    const res = await check(await t.auth(['liveness:write']), bomb, 'bomb.png');
    expectRefusal(res, 422, 'IMAGE_TOO_MANY_PIXELS');
  });

  it('a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/verify/liveness',
      headers: { ...(await t.auth(['liveness:write'])), 'content-type': 'application/json' },
      payload: '{"file":"x"}',
    });
    expectRefusal(res, 400, 'MALFORMED_BODY');
  });

  it('no token is 401 and a token without the scope is 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/verify/liveness',
      headers: multipartHeaders,
      payload: form([]),
    });
    expectRefusal(res, 401, 'UNAUTHENTICATED');
    expectRefusal(await check(await t.auth(['statements:read']), image('astronaut.jpg')), 403, 'INSUFFICIENT_SCOPE');
  });
});

describe('statementKey and storage', () => {
  it("another client's statement is 404, as if it did not exist; a bad key is 400", async () => {
    const a = await clientWithStatement('lender a');
    const b = await clientWithStatement('lender b');
    expectNotFound(await check(b.headers, image('astronaut.jpg'), 'a.jpg', { statementKey: String(a.statementKey) }));
    const bad = await check(b.headers, image('astronaut.jpg'), 'a.jpg', { statementKey: 'twelve' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: '/body/statementKey', message: 'must be a positive integer' }]);
    const stored = await storedResultIds(b.id);
    expect(stored).toEqual([]);
  });

  it('links the result to the statement, keeps no image bytes, and deleting the statement deletes it', async () => {
    const a = await clientWithStatement('lender c');
    const res = await check(a.headers, image('astronaut.jpg'), 'a.jpg', { statementKey: String(a.statementKey) });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('liveness_results').selectAll().where('client_id', '=', a.id).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(row.statement_key).toBe(a.statementKey);
    expect(row.image_sha256).toMatch(/^[0-9a-f]{64}$/);
    // Only the answer: no column holds anything image-sized, and the JPEG's bytes appear nowhere.
    expect(JSON.parse(row.result)).toEqual(res.json().data.entity);
    expect(row.result.length).toBeLessThan(4000);
    const jpegBase64 = image('astronaut.jpg').subarray(100, 160).toString('base64');
    expect(JSON.stringify(rows)).not.toContain(jpegBase64);
    const columns = await t.database.db.introspection.getTables();
    const table = columns.find((c) => c.name === 'liveness_results');
    expect(table?.columns.map((c) => c.name).sort()).toEqual([
      'client_id',
      'created_at',
      'id',
      'image_sha256',
      'result',
      'statement_key',
    ]);

    const view = await t.app.inject({ method: 'GET', url: `/statements/${a.statementKey}`, headers: a.headers });
    expect(view.statusCode).toBe(200);
    expect(view.json().livenessResults).toEqual([
      expect.objectContaining({ id: row.id, imageSha256: row.image_sha256, faceDetected: true }),
    ]);
    await t.database.db.deleteFrom('statements').where('key', '=', a.statementKey).execute();
    const after = await storedResultIds(a.id);
    expect(after).toEqual([]);
  });
});

describe('results without a statement', () => {
  it('are answered and not stored: nothing could read or erase them', async () => {
    const a = await clientWithStatement('lender unlinked');
    const res = await check(a.headers, image('astronaut.jpg'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.entity.face.face_detected).toBe(true);
    const blank = await check(a.headers, image('astronaut.jpg'), 'a.jpg', { statementKey: '' });
    expect(blank.statusCode).toBe(200);
    const stored = await storedResultIds(a.id);
    expect(stored).toEqual([]);
  });
});

function expectNotFound(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ success: false, code: '404', error: 'NOT_FOUND' });
}

describe('migration 0004-liveness', () => {
  it('down drops the table and up creates it again', async () => {
    const { migrations } = await import('../../src/db/migrations/index.js');
    const migration = migrations['0004-liveness'];
    if (!migration?.down) throw new Error('0004-liveness has no down');
    const db = t.database.db as never;
    const names = async () => (await t.database.db.introspection.getTables()).map((table) => table.name);
    await migration.down(db);
    expect(await names()).not.toContain('liveness_results');
    await migration.up(db);
    expect(await names()).toContain('liveness_results');
  });
});
