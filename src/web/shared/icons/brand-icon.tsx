import {
  IconBrandBehance,
  IconBrandDribbble,
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandGitlab,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandMedium,
  IconBrandTelegram,
  IconBrandThreads,
  IconBrandTiktok,
  IconBrandWhatsapp,
  IconBrandX,
  IconBrandYoutube,
  IconLink,
  IconMail,
  type TablerIcon,
} from '@tabler/icons-react';
import { isSocialIcon, SOCIAL_ICONS, type SocialIcon } from '../../../shared/social-icons.js';

/** Each known footer icon's drawing (Tabler's brand icons, drawn like the Lucide interface icons). */
const ICONS: Record<SocialIcon, TablerIcon> = {
  github: IconBrandGithub,
  gitlab: IconBrandGitlab,
  telegram: IconBrandTelegram,
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
  x: IconBrandX,
  twitter: IconBrandX,
  facebook: IconBrandFacebook,
  youtube: IconBrandYoutube,
  behance: IconBrandBehance,
  dribbble: IconBrandDribbble,
  medium: IconBrandMedium,
  threads: IconBrandThreads,
  tiktok: IconBrandTiktok,
  whatsapp: IconBrandWhatsapp,
  email: IconMail,
  mail: IconMail,
};

/** The brand's name for a footer icon value, for screen readers; unknown values are shown as given. */
export function brandName(icon: string): string {
  return isSocialIcon(icon) ? SOCIAL_ICONS[icon] : icon.charAt(0).toUpperCase() + icon.slice(1);
}

/** The brand's icon, or a generic link icon for a name we do not know. */
export function BrandIcon({ icon, size = 20 }: { icon: string; size?: number }) {
  const Icon = isSocialIcon(icon) ? ICONS[icon] : IconLink;
  return <Icon size={size} stroke={1.75} aria-hidden="true" focusable="false" />;
}
