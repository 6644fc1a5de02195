-- A manual booking at an agreed price kept the rules' subtotal and tax beside its agreed total, so
-- its lines did not add up to it. Its subtotal and tax become the agreed total's, split at the
-- booking's own rate as domain/pricing.ts's agreePrice splits new ones: the subtotal is the total
-- without its tax, rounded half-up to the cent ((2 x total x 10000 + divisor) / (2 x divisor),
-- integer division, divisor = 10000 + rate in basis points), and the tax what is left. The rules'
-- lines stay as priced and what they totalled stays in list_total_cents; the adjustment between
-- the lines and the new subtotal is worked out from them when shown.
UPDATE "reservations"
SET "subtotal_cents" = (2 * "total_cents" * 10000 + 10000 + "tax_rate_bp") / (2 * (10000 + "tax_rate_bp")),
  "tax_cents" = "total_cents" - (2 * "total_cents" * 10000 + 10000 + "tax_rate_bp") / (2 * (10000 + "tax_rate_bp"))
WHERE "list_total_cents" IS NOT NULL;
