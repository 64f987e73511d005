import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { publishContentVersion } from '../repositories/content-repository.js';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp } from './helper.js';
import { multipartBody } from './multipart.js';

export interface OwnerTestApp extends TestApp {
  /** The owner's session cookie (`name=value`). */
  cookie: string;
}

/**
 * Where the studio's API tests start: the real app with its content published as version 1, as the
 * folder's first import leaves it, and the owner signed in.
 */
export async function createOwnerTestApp(...options: Parameters<typeof createTestApp>): Promise<OwnerTestApp> {
  const testApp = await createTestApp(...options);
  await publishContentVersion(testApp.db, testApp.content, { source: 'files', filesHash: 'x' });
  return { ...testApp, cookie: await signInOwner(testApp) };
}

/** What the studio sends with each request: the owner's session, from the site's own pages. */
export function ownerHeaders(owner: OwnerTestApp): Record<string, string> {
  return { cookie: owner.cookie, ...SAME_ORIGIN };
}

/** A request to the owner's content API (`/api/v1/owner/content…`), as the studio sends it unless `headers` say otherwise. */
export function callContentApi(
  owner: OwnerTestApp,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
  headers: Record<string, string> = ownerHeaders(owner),
) {
  return owner.app.inject({ method, url: `/api/v1/owner/content${url}`, headers, ...(payload ? { payload } : {}) });
}

/** Uploads a picture as the studio's picture field does: the file, and the library path it goes to if one is named. */
export function uploadPicture(
  owner: OwnerTestApp,
  file: Buffer,
  filename: string,
  path?: string,
  headers: Record<string, string> = ownerHeaders(owner),
) {
  const form = multipartBody([
    ...(path === undefined ? [] : [{ name: 'path', value: path }]),
    { name: 'file', value: file, filename },
  ]);
  return callContentApi(owner, 'POST', '/pictures', form.payload, { ...headers, ...form.headers });
}

/** A request to the owner's content API from a studio fixture, as `callContentApi` sends it. */
type ContentApiCall = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
  headers?: Record<string, string>,
) => ReturnType<typeof callContentApi>;

export interface OwnerTestAppFixture {
  /** The app, made before the block's first test (reading it sooner throws). */
  readonly testApp: OwnerTestApp;
  /** A request to its content API (`/api/v1/owner/content…`), as the studio sends it unless `headers` say otherwise. */
  call: ContentApiCall;
}

/**
 * The studio's API tests' usual start, for the `describe` block it is called in: the owner's test app
 * (`createOwnerTestApp`) made before the block's tests and closed after them, and its content API.
 */
export function ownerTestAppForBlock(...options: Parameters<typeof createOwnerTestApp>): OwnerTestAppFixture {
  let made: OwnerTestApp | undefined;
  beforeAll(async () => {
    made = await createOwnerTestApp(...options);
  });
  afterAll(async () => made?.close());
  const fixture: OwnerTestAppFixture = {
    get testApp() {
      if (!made) throw new Error('The owner test app is made in beforeAll: read it inside a test or a hook');
      return made;
    },
    call: (method, url, payload, headers) => callContentApi(fixture.testApp, method, url, payload, headers),
  };
  return fixture;
}
