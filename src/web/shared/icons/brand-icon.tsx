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

/** Footer `icon` values and their brand icons (Tabler's, drawn like the Lucide interface icons). */
const BRANDS: Record<string, { name: string; Icon: TablerIcon }> = {
  github: { name: 'GitHub', Icon: IconBrandGithub },
  gitlab: { name: 'GitLab', Icon: IconBrandGitlab },
  telegram: { name: 'Telegram', Icon: IconBrandTelegram },
  linkedin: { name: 'LinkedIn', Icon: IconBrandLinkedin },
  instagram: { name: 'Instagram', Icon: IconBrandInstagram },
  x: { name: 'X', Icon: IconBrandX },
  twitter: { name: 'X', Icon: IconBrandX },
  facebook: { name: 'Facebook', Icon: IconBrandFacebook },
  youtube: { name: 'YouTube', Icon: IconBrandYoutube },
  behance: { name: 'Behance', Icon: IconBrandBehance },
  dribbble: { name: 'Dribbble', Icon: IconBrandDribbble },
  medium: { name: 'Medium', Icon: IconBrandMedium },
  threads: { name: 'Threads', Icon: IconBrandThreads },
  tiktok: { name: 'TikTok', Icon: IconBrandTiktok },
  whatsapp: { name: 'WhatsApp', Icon: IconBrandWhatsapp },
  email: { name: 'E-mail', Icon: IconMail },
  mail: { name: 'E-mail', Icon: IconMail },
};

/** The brand's name for a footer icon value, for screen readers; unknown values are shown as given. */
export function brandName(icon: string): string {
  return BRANDS[icon]?.name ?? icon.charAt(0).toUpperCase() + icon.slice(1);
}

/** The brand's icon, or a generic link icon for a name we do not know. */
export function BrandIcon({ icon, size = 20 }: { icon: string; size?: number }) {
  const Icon = BRANDS[icon]?.Icon ?? IconLink;
  return <Icon size={size} stroke={1.75} aria-hidden="true" focusable="false" />;
}
