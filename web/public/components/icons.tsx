import {
  ArrowLeft as LucideArrowLeft,
  ArrowRight as LucideArrowRight,
  Baby as LucideBaby,
  Briefcase as LucideBriefcase,
  CalendarCheck as LucideCalendarCheck,
  CalendarDays as LucideCalendarDays,
  Camera as LucideCamera,
  CarFront as LucideCarFront,
  Check as LucideCheck,
  ChevronDown as LucideChevronDown,
  ChevronLeft as LucideChevronLeft,
  ChevronRight as LucideChevronRight,
  CircleAlert as LucideCircleAlert,
  CircleCheck as LucideCircleCheck,
  CircleHelp as LucideCircleHelp,
  CircleX as LucideCircleX,
  Clock as LucideClock,
  Cog as LucideCog,
  CreditCard as LucideCreditCard,
  Eraser as LucideEraser,
  FileText as LucideFileText,
  Globe as LucideGlobe,
  type LucideIcon,
  Info as LucideInfo,
  Landmark as LucideLandmark,
  LoaderCircle as LucideLoaderCircle,
  Lock as LucideLock,
  Mail as LucideMail,
  MapPin as LucideMapPin,
  MessageCircle as LucideMessageCircle,
  Minus as LucideMinus,
  Package as LucidePackage,
  PackagePlus as LucidePackagePlus,
  Phone as LucidePhone,
  Plus as LucidePlus,
  ScrollText as LucideScrollText,
  Search as LucideSearch,
  ShieldAlert as LucideShieldAlert,
  ShieldCheck as LucideShieldCheck,
  SlidersHorizontal as LucideSlidersHorizontal,
  Sparkles as LucideSparkles,
  Tag as LucideTag,
  Trash2 as LucideTrash2,
  TriangleAlert as LucideTriangleAlert,
  Type as LucideType,
  UserPlus as LucideUserPlus,
  UserRound as LucideUserRound,
  Users as LucideUsers,
  Wallet as LucideWallet,
} from "lucide-react";
import { createElement, type ReactElement, type SVGProps } from "react";

/**
 * The public site's icons: lucide's drawings, each made into React's elements once per set of
 * props and the same elements given on every render after. lucide's own component works its
 * attributes out anew on every render (merging classes, spreading defaults), and a searched list
 * drew a dozen icons per page: 8 to 10 % of a render thread's time for a period never asked
 * before (issue 29, docs/performance.md). The markup is lucide's own, attribute for attribute
 * (icons.test.tsx holds it to that).
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref" | "children">;
export type Icon = (props: IconProps) => ReactElement;

type Drawing = { name?: string; aliases?: string[]; node: [string, Record<string, string>][] };

/**
 * lucide's drawing of an icon. Its component hands it, before any hook runs, to the element it
 * makes; that element is made here and read, never rendered.
 */
function drawingOf(icon: LucideIcon): Drawing {
  const component = icon as unknown as { render(props: object, ref: null): ReactElement<{ icon: Drawing }> };
  return component.render({}, null).props.icon;
}

const DEFAULTS = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** As lucide decides whether to hide an icon from screen readers: nothing about it is said. */
const says = (props: IconProps) =>
  Object.keys(props).some((prop) => prop.startsWith("aria-") || prop === "role" || prop === "title");

/** Each class once, in order (as lucide's `mergeClasses`). */
const classes = (...lists: (string | undefined)[]) =>
  [...new Set(lists.flatMap((list) => (list ? list.split(/\s+/) : [])).filter(Boolean))].join(" ");

/** The icon's elements for these props: lucide's attributes, in lucide's order. */
function draw(drawing: Drawing, { className, ...rest }: IconProps): ReactElement {
  const own = [...(drawing.name ? [drawing.name] : []), ...(drawing.aliases ?? [])].map((name) => `lucide-${name}`);
  const attributes = {
    ...DEFAULTS,
    className: classes("lucide", ...own, className),
    ...(says(rest) ? {} : { "aria-hidden": "true" }),
    ...rest,
  };
  return createElement(
    "svg",
    attributes,
    drawing.node.map(([tag, attrs]) => createElement(tag, attrs)),
  );
}

/** Sets of props per icon kept at most: the site's own few, never one per value a visitor sent. */
const KEPT_PER_ICON = 32;

function keptIcon(icon: LucideIcon): Icon {
  const drawing = drawingOf(icon);
  const kept = new Map<string, ReactElement>();
  return (props) => {
    const key = JSON.stringify(props);
    let element = kept.get(key);
    if (!element) {
      element = draw(drawing, props);
      if (kept.size < KEPT_PER_ICON) kept.set(key, element);
    }
    return element;
  };
}

export const ArrowLeft = keptIcon(LucideArrowLeft);
export const ArrowRight = keptIcon(LucideArrowRight);
export const Baby = keptIcon(LucideBaby);
export const Briefcase = keptIcon(LucideBriefcase);
export const CalendarCheck = keptIcon(LucideCalendarCheck);
export const CalendarDays = keptIcon(LucideCalendarDays);
export const Camera = keptIcon(LucideCamera);
export const CarFront = keptIcon(LucideCarFront);
export const Check = keptIcon(LucideCheck);
export const ChevronDown = keptIcon(LucideChevronDown);
export const ChevronLeft = keptIcon(LucideChevronLeft);
export const ChevronRight = keptIcon(LucideChevronRight);
export const CircleAlert = keptIcon(LucideCircleAlert);
export const CircleCheck = keptIcon(LucideCircleCheck);
export const CircleHelp = keptIcon(LucideCircleHelp);
export const CircleX = keptIcon(LucideCircleX);
export const Clock = keptIcon(LucideClock);
export const Cog = keptIcon(LucideCog);
export const CreditCard = keptIcon(LucideCreditCard);
export const Eraser = keptIcon(LucideEraser);
export const FileText = keptIcon(LucideFileText);
export const Globe = keptIcon(LucideGlobe);
export const Info = keptIcon(LucideInfo);
export const Landmark = keptIcon(LucideLandmark);
export const LoaderCircle = keptIcon(LucideLoaderCircle);
export const Lock = keptIcon(LucideLock);
export const Mail = keptIcon(LucideMail);
export const MapPin = keptIcon(LucideMapPin);
export const MessageCircle = keptIcon(LucideMessageCircle);
export const Minus = keptIcon(LucideMinus);
export const Package = keptIcon(LucidePackage);
export const PackagePlus = keptIcon(LucidePackagePlus);
export const Phone = keptIcon(LucidePhone);
export const Plus = keptIcon(LucidePlus);
export const ScrollText = keptIcon(LucideScrollText);
export const Search = keptIcon(LucideSearch);
export const ShieldAlert = keptIcon(LucideShieldAlert);
export const ShieldCheck = keptIcon(LucideShieldCheck);
export const SlidersHorizontal = keptIcon(LucideSlidersHorizontal);
export const Sparkles = keptIcon(LucideSparkles);
export const Tag = keptIcon(LucideTag);
export const Trash2 = keptIcon(LucideTrash2);
export const TriangleAlert = keptIcon(LucideTriangleAlert);
export const Type = keptIcon(LucideType);
export const UserPlus = keptIcon(LucideUserPlus);
export const UserRound = keptIcon(LucideUserRound);
export const Users = keptIcon(LucideUsers);
export const Wallet = keptIcon(LucideWallet);
