import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

const require = createRequire(import.meta.url);

/**
 * The site's Manrope, embedded from Google's static TTFs (one file per weight with Latin, Cyrillic
 * and more; the site's own package ships variable WOFF2 split by script, which a PDF font cannot
 * be). Manrope has no ʻ (U+02BB) or ʼ (U+02BC), the Uzbek letters' marks: Inter's Latin subset
 * draws those two, chosen glyph by glyph by react-pdf's font fallback.
 */
const MANROPE = {
  400: '@expo-google-fonts/manrope/400Regular/Manrope_400Regular.ttf',
  600: '@expo-google-fonts/manrope/600SemiBold/Manrope_600SemiBold.ttf',
  700: '@expo-google-fonts/manrope/700Bold/Manrope_700Bold.ttf',
  800: '@expo-google-fonts/manrope/800ExtraBold/Manrope_800ExtraBold.ttf',
} as const;
const FALLBACK = {
  400: '@fontsource/inter/files/inter-latin-400-normal.woff',
  600: '@fontsource/inter/files/inter-latin-600-normal.woff',
  700: '@fontsource/inter/files/inter-latin-700-normal.woff',
  800: '@fontsource/inter/files/inter-latin-800-normal.woff',
} as const;

export const CV_FONT_FAMILY = ['Manrope', 'Manrope Fallback'];

/**
 * Registers the fonts anew for each document, so each gets font objects of its own: react-pdf keeps
 * a loaded font for the process, and one used for a Russian CV drops Latin letters from the next
 * document's text (react-pdf 4.9 with fontkit 2). Reading the files again costs a few milliseconds.
 */
export function registerCvFonts(): void {
  const registered = Font.getRegisteredFonts();
  for (const family of CV_FONT_FAMILY) delete registered[family];
  Font.register({
    family: 'Manrope',
    fonts: Object.entries(MANROPE).map(([weight, file]) => ({
      src: require.resolve(file),
      fontWeight: Number(weight),
    })),
  });
  Font.register({
    family: 'Manrope Fallback',
    fonts: Object.entries(FALLBACK).map(([weight, file]) => ({
      src: require.resolve(file),
      fontWeight: Number(weight),
    })),
  });
  // Hyphenation patterns are English only; a word broken by them in Uzbek or Russian reads wrong.
  Font.registerHyphenationCallback((word) => [word]);
}
