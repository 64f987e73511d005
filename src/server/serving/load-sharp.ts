import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with its libvips on the first picture it makes (a resized photo, a shared-link
 * preview), not at start-up: a site whose pictures are already made never maps its ~10 MB.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
