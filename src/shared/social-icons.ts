/**
 * The social icons the footer knows, by the name the owner writes in `content/footer.yaml` (`icon:`),
 * with the brand's name that screen readers announce. Any other name shows a plain link icon.
 */
export const SOCIAL_ICONS = {
  github: 'GitHub',
  gitlab: 'GitLab',
  telegram: 'Telegram',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  x: 'X',
  twitter: 'X',
  facebook: 'Facebook',
  youtube: 'YouTube',
  behance: 'Behance',
  dribbble: 'Dribbble',
  medium: 'Medium',
  threads: 'Threads',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  mail: 'E-mail',
} as const;
export type SocialIcon = keyof typeof SOCIAL_ICONS;

export function isSocialIcon(value: string): value is SocialIcon {
  return Object.hasOwn(SOCIAL_ICONS, value);
}
