import {
  Bike,
  BookOpen,
  Camera,
  ChartLine,
  Code,
  Coffee,
  Gamepad2,
  Globe,
  Heart,
  LayoutDashboard,
  type LucideIcon,
  Mountain,
  Music,
  Palette,
  PenTool,
  Plane,
  Rocket,
  Search,
  Smartphone,
  Sparkles,
} from 'lucide-react';

/** The icon names content files may use for interests and services; unknown names get a sparkle. */
const TOPIC_ICONS: Record<string, LucideIcon> = {
  palette: Palette,
  code: Code,
  camera: Camera,
  music: Music,
  book: BookOpen,
  plane: Plane,
  coffee: Coffee,
  smartphone: Smartphone,
  layout: LayoutDashboard,
  rocket: Rocket,
  search: Search,
  chart: ChartLine,
  pen: PenTool,
  globe: Globe,
  gamepad: Gamepad2,
  heart: Heart,
  mountain: Mountain,
  bike: Bike,
};

export function TopicIcon({ icon, size = 24 }: { icon: string; size?: number }) {
  const Icon = TOPIC_ICONS[icon] ?? Sparkles;
  return <Icon size={size} aria-hidden="true" />;
}
