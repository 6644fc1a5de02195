import type { AddonKind } from "@domain/addons";
import * as lucide from "lucide-react";
import { type Icon, keptIcon } from "./icons";

const Baby = keptIcon(lucide.Baby);
const Package = keptIcon(lucide.Package);
const PackagePlus = keptIcon(lucide.PackagePlus);
const ShieldCheck = keptIcon(lucide.ShieldCheck);
const UserPlus = keptIcon(lucide.UserPlus);

const ICONS: Record<AddonKind, Icon> = {
  coverage: ShieldCheck,
  child_seat: Baby,
  equipment: Package,
  driver: UserPlus,
  other: PackagePlus,
};

/** An add-on's picture by its kind: a shield only for what protects (issue 24.12). */
export function AddonIcon({ kind, className }: { kind: AddonKind; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon aria-hidden="true" className={className} data-kind={kind} />;
}
