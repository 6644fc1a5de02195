import type { AddonKind } from "@domain/addons";
import { Baby, type Icon, Package, PackagePlus, ShieldCheck, UserPlus } from "./icons";

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
