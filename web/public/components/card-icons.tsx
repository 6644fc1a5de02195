import * as lucide from "lucide-react";
import { keptIcon } from "./icons";

const Briefcase = keptIcon(lucide.Briefcase);
const Cog = keptIcon(lucide.Cog);
const Users = keptIcon(lucide.Users);

/**
 * The icons every vehicle card shows (seats, bags, gearbox), drawn once per list and referenced by
 * each card with <use>: a list of 30 cards no longer carries 90 copies of the same paths, which
 * were a third of its HTML and much of the server's time rendering it (issue 29).
 */
const CARD_ICONS = { people: Users, bags: Briefcase, gearbox: Cog } as const;

export type CardIconName = keyof typeof CARD_ICONS;

const idOf = (name: CardIconName) => `card-icon-${name}`;

/** Once, before a list of vehicle cards. */
export function CardIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute" focusable="false">
      {Object.entries(CARD_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={idOf(name as CardIconName)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

export function CardIcon({ name, className }: { name: CardIconName; className: string }) {
  return (
    <svg aria-hidden="true" className={className} viewBox="0 0 24 24" focusable="false">
      <use href={`#${idOf(name)}`} />
    </svg>
  );
}
