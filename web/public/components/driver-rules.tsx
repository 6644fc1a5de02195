import { effectiveLimits } from "@domain/rental-checks";
import { DEFAULT_VEHICLE_RULES, landingRulesOf, type VehicleRules } from "@domain/rental-rules";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import { keptIcon } from "./icons";

const UserRound = keptIcon(lucide.UserRound);

/**
 * What the driver's age means for this vehicle, said before the last step (issue 24.9): the minimum
 * age and the young-driver fee per day. Nothing when the landing and the vehicle have neither.
 */
export function DriverRules({
  vehicleRules,
  testId = "driver-rules",
}: {
  vehicleRules?: Partial<VehicleRules> | null;
  testId?: string;
}) {
  const { data, t } = usePage();
  const lines = driverRuleLines(data.landing.rules, vehicleRules ?? null, (cents) =>
    formatMoney(cents, data.landing.currency, data.language),
  ).map((line) => (line.kind === "minAge" ? t.rules.minAge(line.age) : t.rules.youngFee(line.fee, line.age)));
  if (lines.length === 0) return null;
  return (
    <div className="flex gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800" data-testid={testId}>
      <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-(--accent-ink)" />
      <ul className="grid gap-0.5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

export type DriverRuleLine = { kind: "minAge"; age: number } | { kind: "youngFee"; age: number; fee: string };

/** The driver's age rules of a landing (and a vehicle's own minimum), as lines to word. */
export function driverRuleLines(
  landingRules: unknown,
  vehicleRules: Partial<VehicleRules> | null,
  money: (cents: number) => string,
): DriverRuleLine[] {
  const rules = landingRulesOf(landingRules);
  const { minDriverAge } = effectiveLimits(rules, { ...DEFAULT_VEHICLE_RULES, ...vehicleRules });
  const lines: DriverRuleLine[] = [];
  if (minDriverAge !== null) lines.push({ kind: "minAge", age: minDriverAge });
  if (rules.young_driver_age !== null && rules.young_driver_fee_cents > 0) {
    lines.push({ kind: "youngFee", age: rules.young_driver_age, fee: money(rules.young_driver_fee_cents) });
  }
  return lines;
}
