import { describe, expect, it } from "vitest";
import { cancellationPolicyWords, policyLines } from "./cancellation-words";

const money = (cents: number) => `US$${(cents / 100).toFixed(2)}`;

describe("policyLines", () => {
  it("says the fees and the window as the policy sets them", () => {
    const lines = policyLines(
      cancellationPolicyWords.en,
      { lateFeeCents: 50_00, earlyFeeCents: 20_00, windowHours: 48 },
      money,
      "",
    );
    expect(lines.slice(1, 3)).toEqual([
      "Once it is confirmed: US$20.00 if you cancel more than 48 hours before pickup.",
      "US$50.00 if you cancel within 48 hours of pickup.",
    ]);
  });

  // A walk's finding: "Once it is confirmed: $0.00 if you cancel more than 48 hours before pickup."
  it("says a fee of nothing as free, in either place of the sentence", () => {
    const policy = { lateFeeCents: 0, earlyFeeCents: 0, windowHours: 24 };
    expect(policyLines(cancellationPolicyWords.es, policy, money, "").slice(1, 3)).toEqual([
      "Una vez confirmada: sin cargo si cancelas más de 24 horas antes de la recogida.",
      "Sin cargo si cancelas dentro de las 24 horas antes de la recogida.",
    ]);
    expect(policyLines(cancellationPolicyWords.en, { ...policy, lateFeeCents: 50_00 }, money, "").slice(1, 3)).toEqual([
      "Once it is confirmed: free if you cancel more than 24 hours before pickup.",
      "US$50.00 if you cancel within 24 hours of pickup.",
    ]);
  });
});
