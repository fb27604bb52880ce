/**
 * The icon sprite: one <symbol> per icon, drawn from lucide's outlines. The build turns it into a
 * string (app/generated/icon-sprite.ts) that the server renders into every page, so no icon code
 * reaches the browser.
 */
import {
  ArrowRight,
  BadgeCheck,
  Building2,
  ChartLine,
  Check,
  ChevronDown,
  CircleCheck,
  Clock,
  FileText,
  Handshake,
  HardHat,
  House,
  KeyRound,
  Lock,
  type LucideIcon,
  Mail,
  MapPin,
  Phone,
  Quote,
  Scale,
  ShieldCheck,
  Star,
  TriangleAlert,
  Truck,
  Users,
  X,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import type { IconName } from "./icon";

const icons: Record<IconName, LucideIcon> = {
  truck: Truck,
  hardhat: HardHat,
  shield: ShieldCheck,
  building: Building2,
  home: House,
  key: KeyRound,
  clock: Clock,
  handshake: Handshake,
  badge: BadgeCheck,
  phone: Phone,
  scale: Scale,
  chart: ChartLine,
  users: Users,
  document: FileText,
  star: Star,
  lock: Lock,
  map: MapPin,
  "arrow-right": ArrowRight,
  check: Check,
  x: X,
  quote: Quote,
  "circle-check": CircleCheck,
  mail: Mail,
  alert: TriangleAlert,
  "chevron-down": ChevronDown,
};

let markup: string | undefined;

export function iconSpriteMarkup(): string {
  markup ??= Object.entries(icons)
    .map(([name, Component]) => {
      const svg = renderToStaticMarkup(<Component />);
      const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
      return `<symbol id="icon-${name}" viewBox="0 0 24 24">${inner}</symbol>`;
    })
    .join("");
  return markup;
}
