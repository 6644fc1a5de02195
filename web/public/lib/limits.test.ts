import { describe, expect, it } from "vitest";
import * as domain from "../../../domain/reservations";
import { ADDON_QUANTITY_MAX, RESERVATION_ADDONS_MAX } from "./limits";

describe("public limits", () => {
  it("are the domain's", () => {
    expect(ADDON_QUANTITY_MAX).toBe(domain.ADDON_QUANTITY_MAX);
    expect(RESERVATION_ADDONS_MAX).toBe(domain.RESERVATION_ADDONS_MAX);
  });
});
