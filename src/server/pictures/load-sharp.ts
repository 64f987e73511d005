import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with its libvips on first use. Only the picture process (picture-encoder.ts) uses it:
 * the modules that draw or check pictures are imported by the server too (for their constants and
 * cheap checks), and a dynamic import keeps libvips' ~10 MB and its memory out of the server.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
